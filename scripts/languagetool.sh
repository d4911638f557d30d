#!/usr/bin/env bash
# LanguageTool 6.6 (English) as a local HTTP server on loopback: the humaniser's grammar measure (issue 26 item 4;
# docs/humaniser.md, "Grammar: LanguageTool"). A test-and-bench tool, not part of the product.
# Jars come from Maven Central through scripts/languagetool/pom.xml (pinned; ~79 MB, English rules only), cached in
# .services/languagetool/lib (and ~/.m2), so only the first start downloads.
#
#   scripts/languagetool.sh start    download (once), start, wait until a real check answers
#   scripts/languagetool.sh stop     stop and wait for the process to exit
#   scripts/languagetool.sh status   exit 0 when running and answering
#
# Environment: LANGUAGETOOL_PORT (default 18081), LANGUAGETOOL_START_TIMEOUT (s, default 120),
# LANGUAGETOOL_HEAP (default -Xms128m -Xmx768m). Writes .services/languagetool.env with
# LANGUAGETOOL_URL=http://127.0.0.1:<port>, which scripts/services.sh folds into .services/env (npm test loads it).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE="$ROOT/.services/languagetool"
LIB="$BASE/lib"
PID_FILE="$BASE/languagetool.pid"
LOG_FILE="$BASE/server.log"
ENV_FILE="$ROOT/.services/languagetool.env"
PORT="${LANGUAGETOOL_PORT:-18081}"
START_TIMEOUT="${LANGUAGETOOL_START_TIMEOUT:-120}"
HEAP="${LANGUAGETOOL_HEAP:--Xms128m -Xmx768m}"
POM="$ROOT/scripts/languagetool/pom.xml"
URL="http://127.0.0.1:$PORT"

log() { echo "[languagetool] $*" >&2; }

# running_pid, fetch_maven_jars, stop_server, await_ready
. "$ROOT/scripts/lib/jvm-service.sh"

# "healthy" means a real check finds the error it must find (an "a" before a vowel sound).
check_ok() {
  timeout 15 node -e '
    const body = new URLSearchParams({ text: "This is a example.", language: "en-US" });
    fetch(process.argv[1] + "/v2/check", { method: "POST", body })
      .then((r) => r.text()).then((t) => process.exit(t.includes("EN_A_VS_AN") ? 0 : 1)).catch(() => process.exit(1));
  ' "$URL" >/dev/null 2>&1
}

fetch_jars() { fetch_maven_jars LanguageTool; }

start() {
  mkdir -p "$BASE"
  if pid="$(running_pid)" && check_ok; then
    log "already running (pid $pid) on $URL"
    echo "LANGUAGETOOL_URL=$URL" >"$ENV_FILE"
    return 0
  fi
  local t0=$SECONDS
  fetch_jars
  log "starting the server on $URL"
  # setsid: the server outlives the shell that started it. English only: the other languages' rules are not on the
  # class path (Spanish, Portuguese and Catalan are, without dictionaries, because the language identifier needs them).
  setsid bash -c "exec java $HEAP -XX:+UseSerialGC -Djava.awt.headless=true -cp '$LIB/*' \
    org.languagetool.server.HTTPServer --port $PORT" >>"$LOG_FILE" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  await_ready check_ok server "$LOG_FILE"
  echo "LANGUAGETOOL_URL=$URL" >"$ENV_FILE"
  log "ready in $((SECONDS - t0))s: LANGUAGETOOL_URL=$URL (written to $ENV_FILE)"
}

stop() { stop_server 20; }

status() {
  local pid
  if pid="$(running_pid)" && check_ok; then
    echo "languagetool running (pid $pid) LANGUAGETOOL_URL=$URL"
    return 0
  fi
  echo "languagetool not running"
  return 1
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  restart) stop && start ;;
  *) echo "usage: $0 start|stop|status|restart" >&2; exit 2 ;;
esac
