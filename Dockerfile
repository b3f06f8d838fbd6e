# syntax=docker/dockerfile:1
# Pasteport: one image serving the API, WebDAV and the built web app.
#   docker build -t pasteport .
#   docker run --init -p 8787:8787 -v pasteport-data:/data pasteport
# docs/DEPLOY.md explains every variable, the compose profiles and the reverse proxy snippets.

# ---- toolchain: what npm ci needs to compile native modules ---------------------------------
FROM node:20.20.2-bookworm-slim AS toolchain
WORKDIR /app
# better-sqlite3 compiles from source when its prebuilt binary cannot be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/cli/package.json packages/cli/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# ---- deps: every dependency, dev ones included, exactly as the lockfile says -----------------
FROM toolchain AS deps
RUN npm ci --no-audit --no-fund

# ---- build: the contract, the server and the web app -----------------------------------------
FROM deps AS build
COPY . .
RUN npm run build

# ---- prod-deps: production dependencies of the server and the contract only ------------------
# The web app's dependencies are bundled into apps/web/dist by the build and are not needed at
# run time; `npm prune --omit=dev` would keep them (they are the web workspace's dependencies),
# so the pruned tree is installed afresh for the two workspaces that run (about 95 MB, not 780).
FROM toolchain AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund \
  --workspace @pasteport/server --workspace @pasteport/contract

# ---- runtime: the built output and production node_modules, nothing else ---------------------
FROM node:20.20.2-bookworm-slim AS runtime
ENV HOST=0.0.0.0 \
  PORT=8787 \
  DATA_DIR=/data \
  NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/packages/contract/package.json packages/contract/
COPY --from=build --chown=root:root /app/packages/contract/dist packages/contract/dist
COPY --from=build --chown=root:root /app/apps/server/package.json apps/server/
COPY --from=build --chown=root:root /app/apps/server/dist apps/server/dist
# The server serves ../../web/dist from apps/server/dist (boot.ts DEFAULT_WEB_DIST).
COPY --from=build --chown=root:root /app/apps/web/package.json apps/web/
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
# The code belongs to root and is read-only for the server; only /data is its to write.
# /data/storage exists in the image so that a volume mounted there (one shared by several
# instances, as in compose.yaml's scale profile) starts out owned by node too.
RUN mkdir -p /data/storage && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 8787
# No curl in the slim image: Node's own fetch asks /api/health (503 when the database or the
# default storage is down).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server drains in-flight requests on SIGTERM (up to 10 s) and exits. Exec form: Node gets
# the signal itself. Run with --init (compose: init: true) so a PID 1 init reaps any child.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "apps/server/dist/main.js"]
