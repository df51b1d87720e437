"""Evidence packages: one round, or one table's gaming day, as one signed file that a regulator
or a court verifies on its own, with the site's public key and without the database.

Everything here is pure (the standard library, ``cryptography``, the checkpoint documents of
``audit.sealing``, the canonical form of ``casino.core.trail.canonical`` and the engines of
``casino.games``): no Django, so ``python -m audit.evidence.verify FILE`` runs anywhere the
package's code is installed. Building a package reads the database and is the audit app's
(``audit.services.evidence``).
"""
