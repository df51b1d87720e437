"""The hash chain's columns, added nullable so existing rows can be chained in 0004."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("audit", "0002_initial")]

    operations = [
        migrations.AddField(
            model_name="auditrecord",
            name="seq",
            field=models.BigIntegerField(null=True, help_text="Position in the chain, from 1."),
        ),
        migrations.AddField(
            model_name="auditrecord",
            name="prev_hash",
            field=models.CharField(max_length=64, default=""),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="auditrecord",
            name="row_hash",
            field=models.CharField(max_length=64, default=""),
            preserve_default=False,
        ),
    ]
