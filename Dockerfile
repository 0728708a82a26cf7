# The server with the member app and the console built in. Data lives in PostgreSQL (DATABASE_URL), shared limits in
# Redis (REDIS_URL); see docker-compose.yml and the README's "Running several processes".
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm run build -w apps/web \
  && (npm run build -w apps/admin --if-present)
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
EXPOSE 8080
# Healthy once it can serve: /readyz answers 503 while the database, its migrations or Redis are missing.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself (not npm) is PID 1's child here, so SIGTERM reaches the server and its workers stop gracefully.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
