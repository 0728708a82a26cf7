# The server with the member app and the console built in, in three stages: build everything, install the server's
# production dependencies alone, and run the compiled server as an unprivileged user. Data lives in PostgreSQL
# (DATABASE_URL), shared limits in Redis (REDIS_URL); see docker-compose.yml and the README's "Operating the site".

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm run build -w apps/web \
  && npm run build -w apps/admin \
  && npm run build:prod -w apps/server

# Only what the server needs at run time: no compilers, test tools, or the web apps' libraries (they are built in).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY packages/contract/package.json packages/contract/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund -w apps/server -w packages/contract --include-workspace-root=false

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
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
# Healthy once it can serve: /readyz answers 503 while the database, its migrations or Redis are missing.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is the process, so SIGTERM reaches the server and its workers stop gracefully.
CMD ["node", "--import", "./apps/server/scripts/compiled.mjs", "apps/server/dist/main.js"]
