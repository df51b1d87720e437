"""The launcher's choice of loopback ports for the servers it starts side by side."""

from __future__ import annotations

import socket

from tests.stacks import stack_module


def test_the_ports_chosen_together_are_apart_from_each_other_and_from_the_one_given() -> None:
    """``make run``'s proxy listens on a port chosen before gunicorn's and uvicorn's: a port
    probed while nothing listens on it yet may come back again, and gunicorn then refused to
    start on the proxy's port ("Connection in use"). With the given port held out and each
    probe held until all are chosen, every port differs."""
    with socket.socket() as taken_elsewhere:
        taken_elsewhere.bind(("127.0.0.1", 0))
        given = taken_elsewhere.getsockname()[1]
    for _ in range(200):
        ports = stack_module()._free_ports(2, besides={given})
        assert len(set(ports)) == 2
        assert given not in ports
