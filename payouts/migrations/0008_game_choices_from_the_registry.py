"""The games' choice is the registry's (``casino.games.registry``): Red Dog is labelled as
every page names it. Choices are not in the database: nothing is altered there."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("payouts", "0007_published_views"),
    ]

    operations = [
        migrations.AlterField(
            model_name="paytable",
            name="game",
            field=models.CharField(
                choices=[
                    ("russian_poker", "Russian Poker"),
                    ("ruby_run", "Ruby Run"),
                    ("red_dog", "Red Dog"),
                ],
                max_length=20,
            ),
        ),
    ]
