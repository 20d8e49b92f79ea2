#!/bin/sh
# Mounted into /docker-entrypoint-initdb.d by docker-compose.yml, so the postgres image runs it
# once, when the data volume is empty. It gives the app and Temporal their own login roles:
#   referral  owns the app database referral_service (knex migrations run as this role);
#   temporal  may create databases; the temporal-schema job creates temporal and
#             temporal_visibility as this role, so it owns them.
# Changing the passwords in .env later does not alter these roles; use ALTER ROLE for that.
# The entrypoint may source this file rather than execute it, so it avoids `exit` and `set -u`.
set -e

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  --set app_password="${APP_DB_PASSWORD:?APP_DB_PASSWORD must be set}" \
  --set temporal_password="${TEMPORAL_DB_PASSWORD:?TEMPORAL_DB_PASSWORD must be set}" <<'SQL'
CREATE ROLE referral LOGIN PASSWORD :'app_password';
CREATE DATABASE referral_service OWNER referral;
CREATE ROLE temporal LOGIN CREATEDB PASSWORD :'temporal_password';
SQL
