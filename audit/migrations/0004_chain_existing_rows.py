"""Chain the rows written before the chain existed, in id order (before any trigger forbids it).

The canonical form is imported from ``audit.services.chain``: it is versioned
(``CHAIN_FORMAT``) and must never change for rows already hashed, so this stays correct.
"""

from django.db import migrations


def chain_existing(apps, schema_editor):  # type: ignore[no-untyped-def]
    from audit.services.chain import GENESIS_HASH, HASHED_FIELDS, row_hash

    record_model = apps.get_model("audit", "AuditRecord")
    previous = GENESIS_HASH
    for seq, values in enumerate(
        record_model.objects.order_by("id").values("id", *HASHED_FIELDS), start=1
    ):
        values.update(seq=seq, prev_hash=previous)
        digest = row_hash(values)
        record_model.objects.filter(pk=values["id"]).update(
            seq=seq, prev_hash=previous, row_hash=digest
        )
        previous = digest


class Migration(migrations.Migration):
    dependencies = [("audit", "0003_chain_fields")]

    operations = [migrations.RunPython(chain_existing, migrations.RunPython.noop)]
