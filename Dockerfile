# syntax=docker/dockerfile:1
#
# One image for both processes: the default command runs the API gateway, and
# docker-compose.yml runs the Temporal worker from the same image with `npm run start:worker`.
# The TypeScript sources run directly through tsx (a regular dependency), so there is no build step.
# Debian (glibc), not Alpine: the native core shipped inside @temporalio/core-bridge needs glibc.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# The lockfile and package.json's `allowScripts` (install-script approvals) are written by npm 11;
# the npm bundled with Node 20 is older, so install the same major the project uses.
RUN npm install --global --no-audit --no-fund --no-update-notifier npm@11.19.1
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
WORKDIR /app
RUN chown node:node /app
# Import and result files (a volume shared by gateways, workers and SFTP servers) and the SFTP host key
# (a volume of its own): made here so the volumes start owned by the node user.
RUN mkdir -p /app/.data/files /app/.data/sftp && chown -R node:node /app/.data
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json package-lock.json tsconfig.json ./
COPY --chown=node:node shared ./shared
COPY --chown=node:node activities ./activities
COPY --chown=node:node workflows ./workflows
COPY --chown=node:node services ./services
COPY --chown=node:node scripts ./scripts
# The browser library's source: the gateway bundles it with esbuild at start-up.
COPY --chown=node:node clients ./clients
USER node
# 8080: gateway HTTP API (PORT); 9464: worker /healthz and /metrics (WORKER_HTTP_PORT); 2222: SFTP (SFTP_PORT).
EXPOSE 8080 9464 2222
# No HEALTHCHECK here: the gateway and the worker serve /healthz on different ports, so
# docker-compose.yml declares one per service.
CMD ["npm", "run", "start:gateway"]
