# syntax=docker/dockerfile:1
# mapx service image. The build stage builds the monorepo and lays out the image directory with
# scripts/pack-image-dir.mjs (the same script its test runs: apps/service/test/int/image-dir.int.test.ts);
# the runtime stage holds that directory only: production dependencies, the built bundle, R4 core.
#   docker build -t mapx .
#   docker run -p 42420:42420 -v mapx-mappings:/data/mappings mapx

FROM node:24-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && node scripts/pack-image-dir.mjs /image --install

FROM node:24-slim
ENV NODE_ENV=production \
    SERVER_PORT=42420 \
    SERVER_HOST=0.0.0.0 \
    FHIR_PACKAGE_CACHE_DIR=/app/fhir-packages \
    MAPPINGS_FOLDER=/data/mappings \
    MAPX_DRAIN_DELAY_MS=5000
WORKDIR /app
COPY --from=build --chown=root:root /image /app
RUN mkdir -p /data/mappings && chown node:node /data/mappings
# the image's files stay root-owned and read-only for the service's user
USER node
VOLUME ["/data/mappings"]
EXPOSE 42420
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.SERVER_PORT||42420)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): it drains, then exits 0
CMD ["node", "apps/service/dist/main.js"]
