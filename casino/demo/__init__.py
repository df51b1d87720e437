"""The demo floor ``make run`` loads: it stands above every app, since it makes tables,
paytables and users together."""
