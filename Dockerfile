# One image for web, worker and beat (see docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    STATIC_ROOT=/app/staticfiles \
    RAPPORT_DATA_DIR=/app/data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY config ./config
COPY contacts ./contacts
COPY memories ./memories
COPY moods ./moods
COPY consolidation ./consolidation
COPY privacy ./privacy
COPY ingest ./ingest
COPY context ./context
COPY staff ./staff
COPY providers ./providers
COPY webhooks ./webhooks
COPY mcpserver ./mcpserver
COPY metrics ./metrics
RUN pip install --no-cache-dir .
COPY . .

# collectstatic needs settings, not services: placeholder URLs keep the embedded ones from starting.
RUN DATABASE_URL=postgres://build@localhost/build REDIS_URL=redis://localhost:6379/0 \
    SECRET_KEY=build-only DEBUG=0 python manage.py collectstatic --noinput

RUN useradd --create-home rapport && mkdir -p /app/data && chown -R rapport /app/data
USER rapport
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--logger-class", "config.logging.GunicornLogger"]
