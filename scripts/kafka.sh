#!/usr/bin/env bash
# Apache Kafka (KRaft, single node: broker + controller) on loopback for development and CI.
# Jars come from Maven Central through scripts/kafka/pom.xml (pinned version), cached in .services/kafka/lib.
#
#   scripts/kafka.sh start    download (once), format (once), start, wait until a metadata request succeeds
#   scripts/kafka.sh stop     stop and wait for the process to exit
#   scripts/kafka.sh status   exit 0 when running and answering
#   scripts/kafka.sh restart  stop, then start on the same data (the fault tests restart a broker under load)
#
# Environment: KAFKA_PORT (default 19092; the controller listens on KAFKA_PORT+1), KAFKA_START_TIMEOUT (s, default 90),
# KAFKA_HEAP (default -Xms256m -Xmx768m). Writes .services/kafka.env with KAFKA_BROKERS=127.0.0.1:<port>.
# KAFKA_BASE: another folder for a second, private broker (data, pid, logs and its kafka.env there; the jars stay
# shared), e.g. the load tests' own broker, which they restart without disturbing the shared one.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE="${KAFKA_BASE:-$ROOT/.services/kafka}"
LIB="$ROOT/.services/kafka/lib"
DATA="$BASE/data"
PID_FILE="$BASE/kafka.pid"
LOG_FILE="$BASE/server.log"
CONSOLE_LOG="$BASE/console.log"
PROPS="$BASE/server.properties"
ENV_FILE="$ROOT/.services/kafka.env"
[[ -n "${KAFKA_BASE:-}" ]] && ENV_FILE="$BASE/kafka.env"
PORT="${KAFKA_PORT:-19092}"
CONTROLLER_PORT="$((PORT + 1))"
START_TIMEOUT="${KAFKA_START_TIMEOUT:-90}"
HEAP="${KAFKA_HEAP:--Xms256m -Xmx768m}"
POM="$ROOT/scripts/kafka/pom.xml"

log() { echo "[kafka] $*" >&2; }

# running_pid, fetch_maven_jars, stop_server, await_ready
. "$ROOT/scripts/lib/jvm-service.sh"

# A real metadata request with the client library the code uses (kafkajs), so "healthy" means "usable by us".
metadata_ok() {
  (cd "$ROOT" && timeout 15 node -e '
    const { Kafka, logLevel } = require("kafkajs");
    const admin = new Kafka({ brokers: [process.argv[1]], logLevel: logLevel.NOTHING, retry: { retries: 0 }, connectionTimeout: 2000 }).admin();
    admin.connect().then(() => admin.describeCluster()).then((c) => admin.disconnect().then(() => process.exit(c.brokers.length > 0 ? 0 : 1)))
      .catch(() => process.exit(1));
  ' "127.0.0.1:$PORT") >/dev/null 2>&1
}

fetch_jars() { fetch_maven_jars Kafka; }

write_config() {
  mkdir -p "$DATA"
  cat >"$PROPS" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${CONTROLLER_PORT}
listeners=PLAINTEXT://127.0.0.1:${PORT},CONTROLLER://127.0.0.1:${CONTROLLER_PORT}
advertised.listeners=PLAINTEXT://127.0.0.1:${PORT}
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=${DATA}
# Topics are created explicitly by the code (admin client) with the partition counts it needs.
auto.create.topics.enable=false
num.partitions=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
log.retention.hours=24
log.segment.bytes=67108864
EOF
  cat >"$BASE/log4j.properties" <<EOF
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=${LOG_FILE}
log4j.appender.file.MaxFileSize=20MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
EOF
}

java_cmd() {
  java $HEAP -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$BASE/log4j.properties" -Dkafka.logs.dir="$BASE" \
    -cp "$LIB/*" "$@"
}

format_storage() {
  if [[ -f "$DATA/meta.properties" ]]; then return; fi
  local cluster_id
  cluster_id="$(java_cmd kafka.tools.StorageTool random-uuid | tail -n1)"
  log "formatting KRaft storage (cluster $cluster_id)"
  java_cmd kafka.tools.StorageTool format -t "$cluster_id" -c "$PROPS" >>"$CONSOLE_LOG" 2>&1 || {
    log "storage format failed:"; tail -n 30 "$CONSOLE_LOG" >&2; exit 1; }
}

start() {
  mkdir -p "$BASE"
  if pid="$(running_pid)"; then
    log "already running (pid $pid) on 127.0.0.1:$PORT"
    echo "KAFKA_BROKERS=127.0.0.1:$PORT" >"$ENV_FILE"
    return 0
  fi
  local t0=$SECONDS
  fetch_jars
  write_config
  format_storage
  log "starting broker on 127.0.0.1:$PORT (controller :$CONTROLLER_PORT)"
  # setsid: the broker outlives the shell that started it.
  setsid bash -c "exec java $HEAP -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j.configuration=file:$BASE/log4j.properties -Dkafka.logs.dir=$BASE \
    -cp '$LIB/*' kafka.Kafka '$PROPS'" >>"$CONSOLE_LOG" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  await_ready metadata_ok broker "$CONSOLE_LOG" "$LOG_FILE"
  echo "KAFKA_BROKERS=127.0.0.1:$PORT" >"$ENV_FILE"
  log "ready in $((SECONDS - t0))s: KAFKA_BROKERS=127.0.0.1:$PORT (written to $ENV_FILE)"
}

stop() { stop_server 30; }

status() {
  local pid
  if pid="$(running_pid)" && metadata_ok; then
    echo "kafka running (pid $pid) KAFKA_BROKERS=127.0.0.1:$PORT"
    return 0
  fi
  echo "kafka not running"
  return 1
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  restart) stop && start ;;
  *) echo "usage: $0 start|stop|status|restart" >&2; exit 2 ;;
esac
