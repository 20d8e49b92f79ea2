# syntax=docker/dockerfile:1
#
# One image for every process: the default command runs the API gateway, and docker-compose.yml runs the
# Temporal worker and the SFTP server from the same image with `npm run start:worker:prod` and
# `npm run start:sftp:prod`. Three stages:
#   build    - every dependency, then `npm run build`: dist/ holds the JavaScript and the prebuilt workflow
#              bundle, admin portal and browser library, so no process bundles or compiles when it starts;
#   prod-deps - production dependencies only (no tsx, esbuild, jest, browsers);
#   runtime  - node:24-bookworm-slim (Node 24, the active LTS) with the two, run as the non-root node user,
#              which may write only /app/.data.
# Debian (glibc), not Alpine: the native core shipped inside @temporalio/core-bridge needs glibc.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY shared ./shared
COPY activities ./activities
COPY workflows ./workflows
COPY services ./services
COPY scripts ./scripts
COPY clients ./clients
RUN npm run build

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
WORKDIR /app
# Import and result files (a volume shared by gateways, workers and SFTP servers) and the SFTP host key
# (a volume of its own): made here so the volumes start owned by the node user.
RUN mkdir -p /app/.data/files /app/.data/sftp && chown -R node:node /app/.data
# The code and its dependencies stay owned by root: the node user can read them but not change them.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY --from=build /app/dist ./dist
USER node
# 8080: gateway HTTP API (PORT); 9464: worker /healthz and /metrics (WORKER_HTTP_PORT); 2222: SFTP (SFTP_PORT).
EXPOSE 8080 9464 2222
# No HEALTHCHECK here: the gateway and the worker serve /healthz on different ports, so
# docker-compose.yml declares one per service.
# package.json start:gateway:prod, run by node itself: `npm run` would not pass the stop signal on, so
# the gateway would be killed after the grace period instead of draining.
CMD ["node", "--enable-source-maps", "dist/services/gateway/main.js"]
