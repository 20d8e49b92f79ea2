#!/bin/sh
# Run by the temporal-schema service (temporalio/admin-tools image) before the Temporal server
# starts. Creates Temporal's two PostgreSQL databases if they are missing and applies every schema
# version bundled with this admin-tools release. Each step is idempotent, so it runs on every
# `docker compose up`, and bumping the admin-tools and server tags together upgrades the schema.
# Environment: POSTGRES_SEEDS, DB_PORT, POSTGRES_USER, SQL_PASSWORD (read by temporal-sql-tool),
# DBNAME, VISIBILITY_DBNAME.
set -eu

: "${POSTGRES_SEEDS:?}" "${POSTGRES_USER:?}" "${SQL_PASSWORD:?}"
DB_PORT="${DB_PORT:-5432}"
DBNAME="${DBNAME:-temporal}"
VISIBILITY_DBNAME="${VISIBILITY_DBNAME:-temporal_visibility}"
SCHEMA_DIR=/etc/temporal/schema/postgresql/v12

sql_tool() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$DB_PORT" -u "$POSTGRES_USER" "$@"
}

# depends_on waits for the postgres healthcheck; retry anyway in case the server is still settling.
attempt=1
until sql_tool --db "$DBNAME" create; do
  if [ "$attempt" -ge 30 ]; then
    echo "could not create database $DBNAME on $POSTGRES_SEEDS:$DB_PORT" >&2
    exit 1
  fi
  attempt=$((attempt + 1))
  sleep 2
done
sql_tool --db "$DBNAME" setup-schema -v 0.0
sql_tool --db "$DBNAME" update-schema -d "$SCHEMA_DIR/temporal/versioned"

sql_tool --db "$VISIBILITY_DBNAME" create
sql_tool --db "$VISIBILITY_DBNAME" setup-schema -v 0.0
sql_tool --db "$VISIBILITY_DBNAME" update-schema -d "$SCHEMA_DIR/visibility/versioned"

echo "Temporal schema is up to date in $DBNAME and $VISIBILITY_DBNAME"
