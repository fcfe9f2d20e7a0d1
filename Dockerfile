# Bilheteira: one image, one process (API under /api + the built SPA) on port 3000.
# Production runs it with DATABASE_URL (PostgreSQL); without it the embedded PGlite keeps
# its data in /app/data (mount a volume), which is for trying the product only and needs
# ALLOW_EMBEDDED_DATABASE=true (production refuses to start otherwise, see README).
#
#   docker build -t bilheteira .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e PUBLIC_URL=https://… bilheteira

FROM node:20-slim AS build
WORKDIR /app
ENV CI=true
# Manifests first so the dependency layer is cached across source changes.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf e2e bench apps/web/src apps/web/node_modules/.vite \
  && mkdir -p /app/data

FROM node:20-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    LOG_LEVEL=info
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Started directly (not through npm/npx) so SIGTERM reaches the server and it drains requests.
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
