# The service's image: the wheel of this project and its dependencies, libcairo and a font for the
# board's PNG in mails, run as an unprivileged user. No secret is baked in: PBEM_SECRET_KEY comes
# from the environment, else a key is created in the instance volume (/data) on first start.
# docker-compose.yml runs every service from it; tests/packaging checks what it relies on.

# Build the wheel apart, so the image holds neither the sources nor the build tools.
FROM python:3.11-slim AS wheel
WORKDIR /src
COPY . .
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels . && cp constraints.txt /wheels/

FROM python:3.11-slim
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
       libcairo2 fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --create-home --uid 10001 --user-group pbem \
    && mkdir /data && chown pbem:pbem /data
COPY --from=wheel /wheels /wheels
# The dependencies at the versions the test suite passed with (constraints.txt).
RUN pip install --no-cache-dir -c /wheels/constraints.txt /wheels/*.whl && rm -rf /wheels
ENV PBEM_INSTANCE=/data \
    PYTHONUNBUFFERED=1
USER pbem
WORKDIR /home/pbem
EXPOSE 8000 2525
CMD ["pbem", "serve", "--host", "0.0.0.0", "--port", "8000"]
