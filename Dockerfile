# syntax=docker/dockerfile:1
# Multi-stage build: dependencies, build, then a slim non-root runtime.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The empty stand-in for the llama.cpp binaries a CPU server never loads (decision 063).
COPY vendor ./vendor
# The lockfile installs the x64 binaries. On ARM64 the local writer needs its ARM64 binaries,
# which the lockfile leaves out (decision 063): that platform resolves them anew.
RUN if [ "$(uname -m)" = "aarch64" ]; then \
      npm pkg delete "overrides.@node-llama-cpp/linux-arm64" "optionalDependencies.@node-llama-cpp/linux-arm64" && \
      npm install --no-audit --no-fund; \
    else npm ci --no-audit --no-fund; fi

FROM deps AS build
COPY . .
# Prerendered pages bake these in (canonical links, sitemap, the support address).
ARG PUBLIC_URL=http://localhost:4321
ARG SUPPORT_EMAIL=support@example.com
ENV PUBLIC_URL=$PUBLIC_URL SUPPORT_EMAIL=$SUPPORT_EMAIL
RUN npm run build && npm prune --omit=dev
# `--build-arg LOCAL_MODEL=hf:…` bakes the local writer's model into the image (models/),
# so that a container writes with it from its first start, without a download.
ARG LOCAL_MODEL=off
RUN mkdir -p models && if [ "$LOCAL_MODEL" != "off" ]; then \
      DATA_DIR=. LOCAL_MODEL="$LOCAL_MODEL" npm run model:pull; fi

FROM node:24-bookworm-slim AS runtime
ARG LOCAL_MODEL=off
# The build's addresses are the container's unless it is given others (then refused below).
ARG PUBLIC_URL=http://localhost:4321
ARG SUPPORT_EMAIL=support@example.com
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 DATA_DIR=/data LOCAL_MODEL=$LOCAL_MODEL \
    PUBLIC_URL=$PUBLIC_URL SUPPORT_EMAIL=$SUPPORT_EMAIL
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/drizzle ./drizzle
COPY --from=build --chown=node:node /app/models ./models
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/scripts ./scripts
# The CLI scripts, and the short process that creates a new PGlite folder, run these
# modules unbundled (docs/decisions/002); the server runs its bundle.
COPY --from=build --chown=node:node /app/src/lib ./src/lib
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4321/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# Through server/start.mjs, as `npm start`: an image cannot build again, so a PUBLIC_URL or
# SUPPORT_EMAIL other than its build's is refused in one line, never served with the old one.
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=1536", "server/start.mjs"]
