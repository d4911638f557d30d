# syntax=docker/dockerfile:1.7
# Inkprint detector worker: consumes detect/humanise jobs from Kafka (one consumer group; run several replicas).
# Build from the repository root:  docker build -f docker/detector-worker.Dockerfile -t inkprint-detector-worker .
# Configuration: KAFKA_BROKERS (required), KAFKA_TOPIC_PREFIX, WORKER_CONCURRENCY, DETECTOR_ENGINE, ... (README.md).

ARG NODE_IMAGE=node:20.20-bookworm-slim

# ---- build: the worker and the libraries it imports (tsc -b follows the project references) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY apps/ apps/
COPY libs/ libs/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json nx.json ./
RUN npx tsc -b apps/detector-worker/tsconfig.json \
    && npm prune --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    INKPRINT_MODELS_DIR=/app/models
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules/ node_modules/
COPY --from=build --chown=root:root /app/libs/ libs/
COPY --from=build --chown=root:root /app/apps/detector-worker/package.json apps/detector-worker/package.json
COPY --from=build --chown=root:root /app/apps/detector-worker/dist/ apps/detector-worker/dist/
# The ONNX models are baked in (DETECTOR_ENGINE=auto uses them; nothing is downloaded at run time).
COPY --chown=root:root models/ models/
COPY --chown=root:root docker/healthcheck.mjs docker/healthcheck.mjs
RUN find libs -mindepth 2 -maxdepth 2 \( -name src -o -name test -o -name bench \) -type d -prune -exec rm -rf {} +
USER node
# The worker has no HTTP port yet: healthy = the process runs (PID 1) and its first Kafka broker accepts connections.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "docker/healthcheck.mjs", "kafka"]
CMD ["node", "apps/detector-worker/dist/main.js"]
