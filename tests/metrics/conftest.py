# The webhooks tests' real local receiver and an endpoint pointing at it.
from tests.webhooks.conftest import endpoint, receiver  # noqa: F401
