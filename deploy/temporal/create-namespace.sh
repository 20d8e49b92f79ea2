#!/bin/sh
# Run by the temporal-namespace service (temporalio/admin-tools image) once the Temporal server is
# healthy. The temporalio/server image does not create any namespace, so this registers NAMESPACE
# (the services' TEMPORAL_NAMESPACE) if it does not exist yet, then waits until the frontend
# serves it. Safe to re-run; an existing namespace is left as it is (retention included).
# Environment: TEMPORAL_ADDRESS, NAMESPACE, NAMESPACE_RETENTION (e.g. 72h).
set -eu

: "${TEMPORAL_ADDRESS:?}" "${NAMESPACE:?}"
RETENTION="${NAMESPACE_RETENTION:-72h}"

retry() {
  # retry <attempts> <command...>: runs the command every 2 seconds until it succeeds.
  attempts="$1"
  shift
  n=1
  until "$@"; do
    if [ "$n" -ge "$attempts" ]; then
      return 1
    fi
    n=$((n + 1))
    sleep 2
  done
}

namespace_exists() {
  temporal operator namespace describe --address "$TEMPORAL_ADDRESS" --namespace "$NAMESPACE" >/dev/null 2>&1
}

ensure_namespace() {
  namespace_exists && return 0
  echo "Creating namespace $NAMESPACE (retention $RETENTION)"
  # A concurrent run may have created it in between; that counts as success.
  temporal operator namespace create --address "$TEMPORAL_ADDRESS" --namespace "$NAMESPACE" \
    --retention "$RETENTION" || namespace_exists
}

namespace_served() {
  temporal workflow list --address "$TEMPORAL_ADDRESS" --namespace "$NAMESPACE" --limit 1 >/dev/null
}

retry 60 temporal operator cluster health --address "$TEMPORAL_ADDRESS" || {
  echo "Temporal at $TEMPORAL_ADDRESS did not become healthy" >&2
  exit 1
}
retry 10 ensure_namespace || {
  echo "could not create namespace $NAMESPACE" >&2
  exit 1
}
# A new namespace reaches the frontend's namespace cache a few seconds after it is created.
retry 30 namespace_served || {
  echo "namespace $NAMESPACE exists but the frontend does not serve it yet" >&2
  exit 1
}
echo "Namespace $NAMESPACE is ready"
