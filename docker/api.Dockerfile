# syntax=docker/dockerfile:1.7
# Inkprint API: the NestJS HTTP API, serving the web app (/) and the admin console (/admin).
# Build from the repository root:  docker build -f docker/api.Dockerfile -t inkprint-api .
# Configuration: environment variables, see README.md "Configuration" and docs/deployment.md.

ARG NODE_IMAGE=node:20.20-bookworm-slim

# ---- build: every workspace compiled (tsc -b) and the two Vite bundles ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# argon2 and other native modules fall back to node-gyp when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY apps/ apps/
COPY libs/ libs/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json nx.json ./
RUN npm run build \
    && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: compiled output, production node_modules, models, blog content; no sources, no compilers ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    INKPRINT_MODELS_DIR=/app/models \
    DATA_DIR=/app/.data/pglite
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules/ node_modules/
COPY --from=build --chown=root:root /app/libs/ libs/
COPY --from=build --chown=root:root /app/apps/ apps/
# The ONNX detector models (manifest, weights, word lists, model card) are baked in: nothing is fetched at run time.
COPY --chown=root:root models/ models/
COPY --chown=root:root content/ content/
COPY --chown=root:root docker/healthcheck.mjs docker/healthcheck.mjs
# Sources and test folders are not needed at run time (dist/ is what runs).
RUN find apps libs -mindepth 2 -maxdepth 2 \( -name src -o -name test -o -name bench \) -type d -prune -exec rm -rf {} + \
    && mkdir -p /app/.data && chown node:node /app/.data
# The image's unprivileged 'node' user (uid 1000); only /app/.data is writable (PGlite / jwt-secret when no
# DATABASE_URL / JWT_SECRET is given; with PostgreSQL nothing is written there).
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "docker/healthcheck.mjs", "http", "http://127.0.0.1:3000/health"]
CMD ["node", "apps/api/dist/main.js"]
