"""Every write to memories and entities goes through these functions: the ingest pipeline, the
API, the admin, management commands and Celery tasks alike."""
