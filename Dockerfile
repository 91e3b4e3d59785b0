# The production image: one server process that serves the API and the built web app.
#   docker build -t coran-hadith .
# It needs DATABASE_URL, JWT_SECRET, SMTP_URL and PUBLIC_URL at run time (see README, "Deploying");
# compose.yaml runs two of them behind a proxy with PostgreSQL and Redis.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependencies stay cached while only the sources change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/contracts packages/contracts
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# The web app's server build, carrying its libraries: the server draws the reader and the hadith page with it.
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
# Uploaded files and the report's temporary files; instances of one deployment share this volume.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:8080/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/api/dist/main.js"]
