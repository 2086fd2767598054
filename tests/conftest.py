pytest_plugins = ["tests.fakediscord.plugin", "tests.bot.fixtures"]
