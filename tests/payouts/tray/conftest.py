from tests.audit.conftest import audit_floor  # noqa: F401
from tests.fixtures import *  # noqa: F403
