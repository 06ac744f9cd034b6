import os

from django.core.wsgi import get_wsgi_application

from config.embedded import ensure_configured_services

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Importing the settings starts nothing: the embedded services they point at are started (or found) here.
ensure_configured_services()
application = get_wsgi_application()
