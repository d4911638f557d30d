#!/usr/bin/env bash
# Starts/stops the real services used by the integration tests and the distributed mode (PostgreSQL, Kafka),
# and writes .services/env, which `npm test` loads (scripts/jest-global-setup.js).
#   scripts/services.sh start|stop|status [postgres] [kafka] [languagetool]   (default: postgres and kafka)
# languagetool (scripts/languagetool.sh) is the humaniser's grammar measure: CI starts it; locally only when named.
#   scripts/services.sh restart-kafka                             (stop and start the broker on the same data)
set -euo pipefail
cd "$(dirname "$0")/.."
action="${1:-}"
shift || true
services=("$@")
[ ${#services[@]} -eq 0 ] && services=(postgres kafka)

combine_env() {
  mkdir -p .services
  cat .services/postgres.env .services/kafka.env .services/languagetool.env 2>/dev/null >.services/env || true
}

case "$action" in
  start | stop | status)
    status=0
    for service in "${services[@]}"; do
      case "$service" in
        postgres | kafka | languagetool) scripts/"$service".sh "$action" || status=$? ;;
        *) echo "unknown service $service (postgres, kafka, languagetool)" >&2; exit 2 ;;
      esac
      [ "$action" = start ] && [ $status -ne 0 ] && exit $status
    done
    combine_env
    [ "$action" = start ] && { echo "Services ready; .services/env:"; cat .services/env; }
    exit $status
    ;;
  restart-kafka)
    scripts/kafka.sh restart
    combine_env
    ;;
  *) echo "usage: $0 start|stop|status [postgres] [kafka] [languagetool] | restart-kafka" >&2; exit 2 ;;
esac
