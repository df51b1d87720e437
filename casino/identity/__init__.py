"""Identity: who signs in, how, and with what.

Sign-in on both channels (``sign_ins``: a tablet's device-token endpoint, a browser's session)
and its audit rows; device tokens (``tokens``), issued for one shift, listed and revoked;
sign-in failures and lockouts (``lockouts``), and the password backend that refuses a locked
name (``backends``); the PINs of dealers and pit bosses and the PIN checks of a sign-in at a
tablet (``pins``); who manages whose sign-ins (``supervision``, read through a view the tables
app publishes); the device-token authentication (``authentication``); their models, routes
(``casino.identity.api``) and ``manage.py set_pin``.

It sits below the tables app, which binds tokens to tablets and calls the PIN sign-in, and
above the API machinery (``casino.api``: addresses, throttles, idempotency, errors).
"""
