# The server with the member app and the console built in: build everything, install the server's production
# dependencies alone, and run the compiled server as an unprivileged user on a trimmed copy of the Node image (under
# 250 MB; scripts/image-check.sh builds it, measures it and runs it). Data lives in PostgreSQL (DATABASE_URL), shared
# limits in Redis (REDIS_URL); see docker-compose.yml and docs/operations.md "Going to production".

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests alone first, so that a change to the sources reuses the installed dependencies.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# What the builds need (the compilers, Vite, tsx for the compression step), not the journeys' or benchmarks' tools.
RUN npm ci --no-audit --no-fund -w packages/contract -w apps/server -w apps/web -w apps/admin --include-workspace-root
COPY . .
RUN npm run build -w apps/web \
  && npm run build -w apps/admin \
  && npm run build:prod -w apps/server \
  && find apps/web/dist apps/admin/dist apps/server/dist packages/contract/dist -name '*.map' -delete

# Only what the server needs at run time: no compilers, test tools, or the web apps' libraries (they are built in).
# Type declarations, source maps and the packages' own docs are not run, so they go too.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY packages/contract/package.json packages/contract/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund -w apps/server -w packages/contract --include-workspace-root=false \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
    -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.md' -o -name '*.markdown' \) -delete \
  && rm -rf /root/.npm

# node with debug symbols is about 12 MB larger than the same program stripped of them.
FROM node:20-bookworm-slim AS node-binary
RUN apt-get update -qq \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends binutils >/dev/null \
  && strip -o /node "$(command -v node)"

# The Node image without what only installing needs (npm, yarn, corepack, apt's lists) or no process reads (docs,
# man pages, translations), copied whole into one layer below so that the removed files take no space.
FROM node:20-bookworm-slim AS runtime
COPY --from=node-binary /node /usr/local/bin/node
RUN rm -rf /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
    /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* /usr/local/include /usr/local/share/doc \
    /usr/local/share/man /usr/share/doc /usr/share/man /usr/share/info /usr/share/locale /usr/share/lintian \
    /var/lib/apt/lists/* /var/cache/apt/* /var/cache/debconf/*-old /var/log/* /root/.npm /tmp/* \
  && node -e "process.exit(process.versions.node ? 0 : 1)"

FROM scratch
COPY --from=runtime / /
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/public apps/server/public
COPY --from=build /app/apps/server/scripts/compiled.mjs /app/apps/server/scripts/compiled-resolve.mjs apps/server/scripts/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
USER node
EXPOSE 8080
# Healthy once it can serve: /readyz answers 503 while the database, its migrations or Redis are missing. It asks the
# port the server listens on (PORT), which need not be 8080 when the container shares the host's network.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is the process, so SIGTERM reaches the server and its workers stop gracefully.
CMD ["node", "--import", "./apps/server/scripts/compiled.mjs", "apps/server/dist/main.js"]
