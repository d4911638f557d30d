# Shared by scripts/kafka.sh and scripts/languagetool.sh: a Java server started from jars that Maven fetches once,
# tracked by a pid file. The sourcing script sets PID_FILE, ENV_FILE, LIB, POM and defines log().

# The pid in PID_FILE, when that process is alive.
running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$PID_FILE")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# The runtime jars of POM into LIB, once per version of the POM (its sha256 in LIB/.complete). $1: what they are.
fetch_maven_jars() {
  local stamp="$LIB/.complete" want
  want="$(sha256sum "$POM" | cut -d' ' -f1)"
  if [[ -f "$stamp" ]] && [[ "$(cat "$stamp")" == "$want" ]]; then return; fi
  command -v mvn >/dev/null || { log "Maven (mvn) is required to fetch the $1 jars"; exit 1; }
  log "fetching $1 jars from Maven Central into $LIB"
  rm -rf "$LIB"
  mkdir -p "$LIB"
  mvn -B -q -f "$POM" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIB"
  echo "$want" >"$stamp"
}

# Stop the server: SIGTERM, wait up to $1 seconds for it to exit, then SIGKILL; the pid and env files go.
stop_server() {
  local pid grace="$1"
  if ! pid="$(running_pid)"; then
    log "not running"
    rm -f "$PID_FILE" "$ENV_FILE"
    return 0
  fi
  log "stopping pid $pid"
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 $((grace * 2))); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "still running after ${grace}s, killing"
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$PID_FILE" "$ENV_FILE"
  log "stopped"
}

# Wait until the check function $1 succeeds (START_TIMEOUT seconds at most). If the server exits meanwhile, or the
# time runs out, print the last lines of the logs named after $2 (what is starting, for the messages), stop, exit 1.
await_ready() {
  local check="$1" what="$2" f
  shift 2
  local deadline=$((SECONDS + START_TIMEOUT))
  until "$check"; do
    if ! running_pid >/dev/null; then
      log "$what exited during start-up; last lines of $*:"
      for f in "$@"; do tail -n 30 "$f" >&2 || true; done
      rm -f "$PID_FILE"
      exit 1
    fi
    if ((SECONDS >= deadline)); then
      log "$what did not answer within ${START_TIMEOUT}s; last lines of $*:"
      for f in "$@"; do tail -n 30 "$f" >&2 || true; done
      stop
      exit 1
    fi
    sleep 1
  done
}
