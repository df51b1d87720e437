"""Sessions' ratings, a version a computation, and the floor's estimates beside them: both
append-only, as the rest of the history."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

_TRIGGERS = """
CREATE TRIGGER patrons_sessionrating_append_only
    BEFORE UPDATE OR DELETE ON patrons_sessionrating
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_ratingestimate_append_only
    BEFORE UPDATE OR DELETE ON patrons_ratingestimate
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
"""

_DROP_TRIGGERS = """
DROP TRIGGER IF EXISTS patrons_sessionrating_append_only ON patrons_sessionrating;
DROP TRIGGER IF EXISTS patrons_ratingestimate_append_only ON patrons_ratingestimate;
"""


class Migration(migrations.Migration):

    dependencies = [
        ('patrons', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='RatingEstimate',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('average_bet', models.DecimalField(decimal_places=2, max_digits=14)),
                ('minutes', models.PositiveIntegerField()),
                ('recorded_at', models.DateTimeField()),
                ('recorded_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='estimates', to='patrons.playsession')),
            ],
        ),
        migrations.CreateModel(
            name='SessionRating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('version', models.PositiveIntegerField()),
                ('cause', models.CharField(choices=[('closed', 'The session ended'), ('revised', 'A correction changed a round it covers')], max_length=10)),
                ('computed_at', models.DateTimeField()),
                ('rounds', models.PositiveIntegerField()),
                ('seconds_played', models.PositiveIntegerField()),
                ('staked', models.JSONField(help_text='Staked by wager type, as decimal strings.')),
                ('total_staked', models.DecimalField(decimal_places=2, max_digits=14)),
                ('actual_result', models.DecimalField(decimal_places=2, max_digits=14)),
                ('theoretical_win', models.DecimalField(decimal_places=8, max_digits=24)),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ratings', to='patrons.playsession')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('session', 'version'), name='rating_version_once')],
            },
        ),
        migrations.RunSQL(_TRIGGERS, _DROP_TRIGGERS),
    ]
