"""Guards for the server's own HTTP routes that Bokeh's auth hook does not see: which host
names and clients may reach them, and which modules Panel's component route may read."""

from __future__ import annotations

import ipaddress
import sys

from bokeh.server.util import check_allowlist
from panel.io.server import ComponentResourceHandler
from tornado.web import HTTPError, RequestHandler

# the largest request body the server reads: its only bodies are the account endpoints'
# JSON of a few short fields; Tornado refuses a longer one (400) before reading it, so a
# flood of large bodies costs neither memory nor the event loop's time
MAX_BODY = 8 * 1024
# the only packages whose components' files /components/… serves: Panel's and the app's
COMPONENT_PACKAGES = ("panel", "tutor")


def served_host(handler: RequestHandler, host: str) -> bool:
    """Whether `host` (`name[:port]`) is one the server serves (`serve --allow-origin`)."""
    return bool(host) and check_allowlist(host.lower(),
                                          sorted(handler.application.websocket_origins))


def from_this_machine(handler: RequestHandler) -> bool:
    """Whether the request's client is this machine (behind a proxy: the address the
    proxy forwarded, so a remote visitor through nginx is not taken for a local one)."""
    try:
        return ipaddress.ip_address(handler.request.remote_ip).is_loopback
    except ValueError:
        return False


class ComponentHandler(ComponentResourceHandler):
    """Panel's `/components/<module>/<class>/<attribute>/<path>` route, which imports
    `<module>` by name to find a component's files: here only a module of Panel or of the
    app that is already loaded is looked at, so a request can never import (and run) any
    other installed module."""

    def parse_url_path(self, path: str) -> str:
        module = path.split("/", 1)[0]
        if module.split(".")[0] not in COMPONENT_PACKAGES or module not in sys.modules:
            raise HTTPError(404, "Module not found")
        return super().parse_url_path(path)
