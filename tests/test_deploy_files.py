"""Static checks of the deployment files (no Docker engine or systemd needed).

deploy/compose.yaml is read with PyYAML (duplicate keys refused, as Compose does);
Dockerfile, .dockerignore and deploy/houseway-bot.service with small parsers written for
the subset of each format the files use, which reject what they do not understand, so a
malformed edit fails here instead of passing silently. The image's HEALTHCHECK command
is also run for real against a local HTTP server, and the systemd unit goes through
``systemd-analyze verify`` where it exists.
"""

from __future__ import annotations

import configparser
import dataclasses
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.service.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
COMPOSE = ROOT / "deploy" / "compose.yaml"
UNIT = ROOT / "deploy" / "houseway-bot.service"
GUIDE = ROOT / "deploy" / "README.md"
ENV_EXAMPLE = ROOT / ".env.example"

BOT_STOP_SECONDS = 10
"""The bot closes and exits within this many seconds of SIGTERM."""


# --- Dockerfile ----------------------------------------------------------------------
def dockerfile_instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order; comments dropped, continuation lines joined."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):  # a comment inside a continuation
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line = pending + line
        pending = ""
        match = re.fullmatch(r"([A-Za-z]+)\s+(.*)", line)
        assert match, f"not a Dockerfile instruction: {line!r}"
        instructions.append((match.group(1).upper(), match.group(2).strip()))
    assert not pending, "the Dockerfile ends inside a continuation line"
    return instructions


def final_stage(instructions: list[tuple[str, str]]) -> list[tuple[str, str]]:
    starts = [i for i, (name, _) in enumerate(instructions) if name == "FROM"]
    assert starts, "no FROM"
    return instructions[starts[-1] :]


def args_of(stage: list[tuple[str, str]], name: str) -> list[str]:
    return [args for instruction, args in stage if instruction == name]


def env_of(stage: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for args in args_of(stage, "ENV"):
        for word in shlex.split(args):
            assert "=" in word, f"use ENV KEY=value, not {args!r}"
            key, value = word.split("=", 1)
            env[key] = value
    return env


def healthcheck_command(stage: list[tuple[str, str]]) -> str:
    (args,) = args_of(stage, "HEALTHCHECK")
    match = re.fullmatch(r"((?:--[a-z-]+=\S+\s+)*)CMD\s+(.+)", args)
    assert match, f"HEALTHCHECK [options] CMD command, not {args!r}"
    return match.group(2)


@pytest.fixture(scope="module")
def dockerfile() -> list[tuple[str, str]]:
    return dockerfile_instructions(DOCKERFILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def runtime(dockerfile: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return final_stage(dockerfile)


def test_every_stage_is_one_fixed_python_311_release(dockerfile: list[tuple[str, str]]) -> None:
    """A release and a Debian named in full (no floating ``3.11-slim`` that moves under a
    rebuild), the same in every stage, so the venv is built where it runs."""
    bases = {args.split()[0] for name, args in dockerfile if name == "FROM"}
    (base,) = bases
    assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm(@sha256:[0-9a-f]{64})?", base), base


def test_runs_as_non_root_user_before_cmd(runtime: list[tuple[str, str]]) -> None:
    names = [name for name, _ in runtime]
    assert "USER" in names and "CMD" in names
    user_at = max(i for i, name in enumerate(names) if name == "USER")
    assert user_at < names.index("CMD")
    user = runtime[user_at][1].split(":")[0]
    assert user not in ("root", "0"), user


def test_cmd_runs_the_console_script(runtime: list[tuple[str, str]]) -> None:
    (cmd,) = args_of(runtime, "CMD")
    assert json.loads(cmd) == ["houseway-bot"]  # exec form: the bot is PID 1 and gets SIGTERM
    assert args_of(runtime, "STOPSIGNAL") == ["SIGTERM"]
    assert not args_of(runtime, "ENTRYPOINT")


def test_http_endpoint_settings_and_port(runtime: list[tuple[str, str]]) -> None:
    env = env_of(runtime)
    assert env["HTTP_HOST"] == "0.0.0.0"
    assert env["HTTP_PORT"] == "8080"
    assert args_of(runtime, "EXPOSE") == [env["HTTP_PORT"]]


def test_data_volume_under_the_workdir(runtime: list[tuple[str, str]]) -> None:
    # DATABASE_URL's default, sqlite:///data/houseway.sqlite3, is relative to WORKDIR.
    assert args_of(runtime, "WORKDIR") == ["/app"]
    volumes = [v for args in args_of(runtime, "VOLUME") for v in json.loads(args)]
    assert volumes == ["/app/data"]
    run = " ".join(args_of(runtime, "RUN"))
    assert re.search(r"chown\s+\S+\s+/app/data", run), "the volume must be writable by USER"


def test_healthcheck_hits_healthz_without_curl_or_wget(runtime: list[tuple[str, str]]) -> None:
    command = healthcheck_command(runtime)
    assert "/healthz" in command
    assert "HTTP_PORT" in command
    assert not re.search(r"\b(curl|wget)\b", command)
    assert command.startswith("python -c ")


def test_nothing_copies_the_env_file(dockerfile: list[tuple[str, str]]) -> None:
    copies = [args for name, args in dockerfile if name in ("COPY", "ADD")]
    assert copies
    for args in copies:
        words = [w for w in shlex.split(args) if not w.startswith("--")]
        for source in words[:-1]:
            assert not re.search(r"(^|/)\.env", source), args
            assert source not in (".", "./", "*"), f"copy named paths only, not {args!r}"


def pip_installs(stage: list[tuple[str, str]]) -> list[tuple[int, list[str]]]:
    """(index in the stage, the words of one ``pip install``) for every install a RUN makes."""
    installs = []
    for at, (name, args) in enumerate(stage):
        if name != "RUN":
            continue
        for command in re.split(r"&&|;", args):
            words = shlex.split(command)
            if words[:2] == ["pip", "install"]:
                installs.append((at, words))
    return installs


@pytest.fixture(scope="module")
def builder(dockerfile: list[tuple[str, str]]) -> list[tuple[str, str]]:
    starts = [i for i, (name, _) in enumerate(dockerfile) if name == "FROM"]
    assert len(starts) == 2, "a builder stage and the runtime stage"
    return dockerfile[starts[0] : starts[1]]


def test_pip_install_without_cache(dockerfile: list[tuple[str, str]]) -> None:
    installs = pip_installs(dockerfile)
    assert installs
    assert all("--no-cache-dir" in words for _, words in installs)


def test_every_package_comes_from_the_hashed_lock(dockerfile: list[tuple[str, str]]) -> None:
    """Either the lock, hash-checked, or the package itself with no dependencies and no
    build environment of its own (which would fetch setuptools unpinned)."""
    (lock_install,) = [w for _, w in pip_installs(dockerfile) if "-r" in w]
    assert "--require-hashes" in lock_install
    assert lock_install[lock_install.index("-r") + 1] == "requirements/runtime.lock"
    for _, words in pip_installs(dockerfile):
        if "-r" not in words:
            assert {"--no-deps", "--no-build-isolation"} <= set(words), words
            assert words[-1] == ".", words


def test_dependencies_are_installed_before_the_source_is_copied(
    builder: list[tuple[str, str]],
) -> None:
    """The dependency layer depends on the lock alone: an edit to the code rebuilds only
    the layers after it, not every dependency."""
    (lock_at,) = [at for at, words in pip_installs(builder) if "-r" in words]
    copies = [(at, shlex.split(args)) for at, (name, args) in enumerate(builder) if name == "COPY"]
    before = [words[:-1] for at, words in copies if at < lock_at]
    assert before == [["requirements/runtime.lock"]], before
    (package_at,) = [at for at, words in pip_installs(builder) if "-r" not in words]
    assert lock_at < package_at
    sources = {source for at, words in copies if lock_at < at < package_at for source in words[:-1]}
    assert {"houseway", "bot", "pyproject.toml"} <= sources


def test_oci_labels(runtime: list[tuple[str, str]]) -> None:
    labels = {}
    for args in args_of(runtime, "LABEL"):
        for word in shlex.split(args):
            key, value = word.split("=", 1)
            labels[key] = value
    args = dict(word.split("=", 1) for word in args_of(runtime, "ARG") if "=" in word)
    oci = "org.opencontainers.image."
    for key in ("title", "description", "licenses", "version", "revision", "created", "source"):
        assert labels.get(oci + key), key
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert labels[oci + "licenses"] == project["license"]
    version = re.fullmatch(r"\$\{(\w+)\}", labels[oci + "version"])
    assert version and args[version.group(1)] == project["version"]
    for key in ("revision", "created", "source"):  # given at build time
        assert re.fullmatch(r"\$\{\w+\}", labels[oci + key]), key


def test_apt_packages_are_pinned(dockerfile: list[tuple[str, str]]) -> None:
    for name, args in dockerfile:
        if name == "RUN" and "apt-get install" in args:
            command = args.split("apt-get install", 1)[1].split("&&", 1)[0]
            packages = [w for w in shlex.split(command) if not w.startswith("-")]
            assert packages
            assert all(re.fullmatch(r"[a-z0-9.+-]+=\S+", p) for p in packages), packages


def test_copied_sources_exist_and_are_in_the_build_context(
    dockerfile: list[tuple[str, str]],
) -> None:
    ignore = dockerignore_rules()
    for name, args in dockerfile:
        if name != "COPY" or "--from=" in args:
            continue
        for source in shlex.split(args)[:-1]:
            assert (ROOT / source).exists(), source
            assert not ignored(source, ignore), f"{source} is excluded by .dockerignore"


def test_builder_copies_what_pyproject_needs(dockerfile: list[tuple[str, str]]) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    needed = {"pyproject.toml", project["project"]["readme"]}
    needed |= {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    copied = set()
    for name, args in dockerfile:
        if name == "COPY" and "--from=" not in args:
            copied |= {source.rstrip("/") for source in shlex.split(args)[:-1]}
    assert needed <= copied, needed - copied


# --- The HEALTHCHECK command, run for real --------------------------------------------
class _Health(BaseHTTPRequestHandler):
    status = 200
    paths: list[str] = []  # noqa: RUF012 (one server per test, see health_server)

    def do_GET(self) -> None:
        self.paths.append(self.path)
        self.send_response(self.status if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def health_server() -> Iterator[tuple[HTTPServer, type[_Health]]]:
    handler = type("Health", (_Health,), {"paths": []})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server, handler
    finally:
        server.shutdown()
        server.server_close()


def run_healthcheck(runtime: list[tuple[str, str]], port: int) -> int:
    """Run the HEALTHCHECK as Docker does (``/bin/sh -c``), with this venv's python."""
    env = dict(os.environ, HTTP_PORT=str(port))
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    done = subprocess.run(
        ["/bin/sh", "-c", healthcheck_command(runtime)],
        env=env,
        capture_output=True,
        timeout=30,
        check=False,
    )
    return done.returncode


@pytest.mark.skipif(not Path("/bin/sh").exists(), reason="needs /bin/sh")
@pytest.mark.parametrize(("status", "healthy"), [(200, True), (503, False)])
def test_healthcheck_command_follows_the_status(
    runtime: list[tuple[str, str]],
    health_server: tuple[HTTPServer, type[_Health]],
    status: int,
    healthy: bool,
) -> None:
    server, handler = health_server
    handler.status = status
    code = run_healthcheck(runtime, server.server_address[1])
    assert handler.paths == ["/healthz"]
    assert (code == 0) is healthy, code
    assert code in (0, 1)  # Docker: 0 healthy, 1 unhealthy; 2 is reserved


@pytest.mark.skipif(not Path("/bin/sh").exists(), reason="needs /bin/sh")
def test_healthcheck_fails_when_nothing_listens(
    runtime: list[tuple[str, str]], health_server: tuple[HTTPServer, type[_Health]]
) -> None:
    server, _ = health_server
    port = server.server_address[1]
    server.shutdown()
    server.server_close()
    assert run_healthcheck(runtime, port) == 1


# --- .dockerignore -------------------------------------------------------------------
def dockerignore_rules() -> list[tuple[bool, re.Pattern[str]]]:
    """(exclude?, pattern) per line; Docker's rules: anchored at the context root."""
    rules = []
    for raw in DOCKERIGNORE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        exclude = not line.startswith("!")
        pattern = line.lstrip("!").strip("/")
        regex = ""
        i = 0
        while i < len(pattern):
            if pattern.startswith("**/", i):
                regex, i = regex + "(?:.*/)?", i + 3
            elif pattern.startswith("**", i):
                regex, i = regex + ".*", i + 2
            elif pattern[i] == "*":
                regex, i = regex + "[^/]*", i + 1
            elif pattern[i] == "?":
                regex, i = regex + "[^/]", i + 1
            elif pattern[i] == "[":
                end = pattern.index("]", i)
                regex, i = regex + pattern[i : end + 1], end + 1
            else:
                regex, i = regex + re.escape(pattern[i]), i + 1
        rules.append((exclude, re.compile(regex)))
    return rules


def ignored(path: str, rules: list[tuple[bool, re.Pattern[str]]]) -> bool:
    """Whether Docker leaves ``path`` out of the build context (a parent's match counts)."""
    parts = path.strip("/").split("/")
    result = False
    for exclude, regex in rules:
        if any(regex.fullmatch("/".join(parts[:n])) for n in range(1, len(parts) + 1)):
            result = exclude
    return result


@pytest.mark.parametrize(
    "path",
    [
        ".env",
        ".env.production",
        "deploy/.env",
        ".venv",
        ".venv/bin/python",
        ".git/HEAD",
        "data/houseway.sqlite3",
        "bot/__pycache__/client.cpython-311.pyc",
        ".pytest_cache/v",
        ".ruff_cache/x",
        ".hypothesis/examples",
        "houseway.egg-info/PKG-INFO",
        "tests/test_lint.py",
    ],
)
def test_dockerignore_excludes(path: str) -> None:
    assert ignored(path, dockerignore_rules())


@pytest.mark.parametrize(
    "path",
    [
        "pyproject.toml",
        "README.md",
        "houseway/way.py",
        "houseway/data/census.json",
        "houseway/data/dealer_classes.npz",
        "houseway/data/cost.json",
        "bot/app/client.py",
        "bot/storage/migrations/V1__meta.sql",
    ],
)
def test_dockerignore_keeps_what_the_wheel_needs(path: str) -> None:
    assert not ignored(path, dockerignore_rules())


def test_every_data_file_is_package_data() -> None:
    """The wheel (and so the image) carries houseway/data: the class table, census, costs."""
    from fnmatch import fnmatch

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
        "package-data"
    ]["houseway"]
    files = sorted(p.relative_to(ROOT / "houseway") for p in (ROOT / "houseway/data").iterdir())
    assert {"census.json", "dealer_classes.npz", "cost.json"} <= {f.name for f in files}
    for file in files:
        assert any(fnmatch(str(file), pattern) for pattern in patterns), file


def test_dockerignore_matcher_can_tell() -> None:
    rules = dockerignore_rules()
    assert ignored("data", rules) and not ignored("houseway/data", rules)


# --- deploy/compose.yaml -------------------------------------------------------------
class ComposeLoader(yaml.SafeLoader):
    """PyYAML's safe loader, except that a key given twice is an error (as in Compose),
    not silently the last value."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        keys = [self.construct_object(key, deep=deep) for key, _ in node.value]
        for key in keys:
            if keys.count(key) > 1:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", node.start_mark
                )
        return super().construct_mapping(node, deep=deep)


def load_yaml(text: str) -> Any:
    return yaml.load(text, Loader=ComposeLoader)  # a SafeLoader: no arbitrary objects


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    parsed = load_yaml(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(parsed, dict)
    return parsed


class ComposeVariableError(Exception):
    """What ``${NAME:?message}`` makes Compose print before it refuses to start."""


def interpolate(value: Any, env: dict[str, str]) -> Any:
    """Compose's variable substitution over every string of a parsed file: ``$$``,
    ``${NAME}``, ``${NAME:-default}``, ``${NAME:?message}`` (unset or empty); any other
    form is refused here rather than guessed."""
    if isinstance(value, dict):
        return {key: interpolate(item, env) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolate(item, env) for item in value]
    if not isinstance(value, str):
        return value

    def substitute(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        name, operator, word = match.group("name", "op", "word")
        found = env.get(name, "")
        if operator is None:
            return found
        if operator == ":-":
            return found or word
        if not found:
            raise ComposeVariableError(f"required variable {name} is missing a value: {word}")
        return found

    pattern = r"\$\$|\$\{(?P<name>[A-Za-z_]\w*)(?:(?P<op>:-|:\?)(?P<word>[^}]*))?\}"
    result = re.sub(pattern, substitute, value)
    assert "$" not in re.sub(pattern, "", value), f"unsupported substitution in {value!r}"
    return result


COMPOSE_ENV = {"POSTGRES_PASSWORD": "s3cret-pw"}
"""What ``--env-file .env`` gives Compose for substitution in these tests."""


@pytest.fixture(scope="module")
def composed(compose: dict[str, Any]) -> dict[str, Any]:
    """The compose file as Compose runs it, with COMPOSE_ENV."""
    return interpolate(compose, COMPOSE_ENV)


def test_interpolation_can_tell() -> None:
    env = {"A": "x", "E": ""}
    assert interpolate("$${A}-${A}-${B:-d}-${E:-d}", env) == "${A}-x-d-d"
    assert interpolate({"k": ["${A:?no}"]}, env) == {"k": ["x"]}
    for missing in ("${B:?set B}", "${E:?set E}"):
        with pytest.raises(ComposeVariableError, match="set"):
            interpolate(missing, env)
    with pytest.raises(AssertionError):
        interpolate("${A:+alt}", env)


def test_yaml_loader_rejects_malformed_files() -> None:
    assert load_yaml("a:\n  b: 'c'\n  d:\n    - e\n    - \"f\"\n") == {
        "a": {"b": "c", "d": ["e", "f"]}
    }
    for bad in (
        "a:\n\tb: c\n",
        "a:\n  b: c\n d: e\n",
        "a: 1\na: 2\n",
        "a:\n  b: 1\n  b: 2\n",
        "a: [1, 2\n",
    ):
        with pytest.raises(yaml.YAMLError):
            load_yaml(bad)


def test_compose_has_bot_and_postgres(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) == {"bot", "postgres"}


def test_compose_bot_service(compose: dict[str, Any]) -> None:
    bot = compose["services"]["bot"]
    assert bot["build"]["context"] == ".."
    assert (COMPOSE.parent / bot["build"]["context"] / bot["build"].get("dockerfile", "")).is_file()
    assert bot["env_file"] in ("../.env", ["../.env"])
    assert bot["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert bot["restart"] == "unless-stopped"
    assert bot["stop_grace_period"] == "15s"
    assert "healthcheck" not in bot  # inherited from the image's HEALTHCHECK
    assert bot["ports"] == ["127.0.0.1:8080:8080"]
    url = bot["environment"]["DATABASE_URL"]
    assert re.fullmatch(r"postgresql://[^@/]+@postgres:5432/\S+", url), url


def test_compose_postgres_service(compose: dict[str, Any]) -> None:
    postgres = compose["services"]["postgres"]
    assert postgres["image"] == "postgres:16-alpine"
    assert "ports" not in postgres
    test = postgres["healthcheck"]["test"]
    assert test[0] in ("CMD", "CMD-SHELL") and "pg_isready" in " ".join(test)
    env = postgres["environment"]
    for name in ("POSTGRES_USER", "POSTGRES_DB"):
        assert re.fullmatch(rf"\$\{{{name}:-\w+\}}", env[name]), env[name]
    (volume,) = postgres["volumes"]
    named = volume.split(":")[0]
    assert named in compose["volumes"]
    assert volume.split(":")[1] == "/var/lib/postgresql/data"


def test_compose_credentials_match_the_database_url(compose: dict[str, Any]) -> None:
    for env in (COMPOSE_ENV, {**COMPOSE_ENV, "POSTGRES_USER": "u", "POSTGRES_DB": "d"}):
        services = interpolate(compose, env)["services"]
        postgres = services["postgres"]["environment"]
        assert services["bot"]["environment"]["DATABASE_URL"] == (
            f"postgresql://{postgres['POSTGRES_USER']}:{postgres['POSTGRES_PASSWORD']}"
            f"@postgres:5432/{postgres['POSTGRES_DB']}"
        )
        assert postgres["POSTGRES_PASSWORD"] == env["POSTGRES_PASSWORD"]


@pytest.mark.parametrize("env", [{}, {"POSTGRES_PASSWORD": ""}])
def test_compose_refuses_to_start_without_a_postgres_password(
    compose: dict[str, Any], env: dict[str, str]
) -> None:
    """No well-known default password: Compose stops with a message naming the fix."""
    with pytest.raises(ComposeVariableError, match=r"set POSTGRES_PASSWORD in \.env"):
        interpolate(compose, env)
    for service in compose["services"].values():
        for value in service.get("environment", {}).values():
            assert "POSTGRES_PASSWORD:-" not in str(value)


def size_in_bytes(value: str) -> int:
    match = re.fullmatch(r"(\d+)([kmg])b?", str(value).lower())
    assert match, f"not a size: {value!r}"
    return int(match.group(1)) * 1024 ** "kmg".index(match.group(2)) * 1024


def test_compose_rotates_every_services_logs(composed: dict[str, Any]) -> None:
    for name, service in composed["services"].items():
        logging = service["logging"]
        assert logging["driver"] == "json-file", name
        kept = size_in_bytes(logging["options"]["max-size"]) * int(logging["options"]["max-file"])
        assert 0 < kept <= 100 * 1024**2, f"{name} keeps {kept} bytes of logs"


def test_compose_limits_every_services_resources(composed: dict[str, Any]) -> None:
    for name, service in composed["services"].items():
        resources = service["deploy"]["resources"]
        limit = size_in_bytes(resources["limits"]["memory"])
        assert limit >= 64 * 1024**2, name
        assert float(resources["limits"]["cpus"]) > 0, name
        reserved = resources.get("reservations", {}).get("memory")
        assert reserved is None or size_in_bytes(reserved) <= limit, name


def test_compose_bot_waits_for_a_healthy_database(composed: dict[str, Any]) -> None:
    services = composed["services"]
    for needed, how in services["bot"]["depends_on"].items():
        assert how["condition"] == "service_healthy"
        assert services[needed]["healthcheck"]["test"], needed


def test_compose_and_image_agree_on_the_port(
    compose: dict[str, Any], runtime: list[tuple[str, str]]
) -> None:
    (mapping,) = compose["services"]["bot"]["ports"]
    assert mapping.rsplit(":", 1)[1] == env_of(runtime)["HTTP_PORT"]


# --- .env.example inside the container ----------------------------------------------
def env_file_values(text: str) -> dict[str, str]:
    """An env file as ``docker run --env-file`` and Compose's ``env_file`` read it.

    ``KEY=VALUE`` per line, taken literally; an empty value is still a value and
    overrides the image's ENV. Lines starting with ``#`` are comments. Anything else
    (quotes, a bare name, which copies the host's variable) is refused here.
    """
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = re.fullmatch(r"([A-Z][A-Z0-9_]*)=([^\"']*)", line)
        assert match, f"line {number}: not KEY=value: {line!r}"
        values[match.group(1)] = match.group(2)
    return values


def endpoint(environment: dict[str, str]) -> tuple[str | None, int | None]:
    """(host, port) the bot serves /healthz on with this environment (None: off)."""
    settings = Settings.from_env({**environment, "DISCORD_TOKEN": "t"}, None)
    return settings.http_host, settings.http_port


def compose_environment(compose: dict[str, Any]) -> dict[str, str]:
    environment = interpolate(compose["services"]["bot"]["environment"], COMPOSE_ENV)
    return {k: str(v) for k, v in environment.items()}


@pytest.fixture(scope="module")
def env_example() -> dict[str, str]:
    return env_file_values(ENV_EXAMPLE.read_text(encoding="utf-8"))


def test_env_example_is_read_as_the_settings_expect(env_example: dict[str, str]) -> None:
    assert "DISCORD_TOKEN" in env_example and env_example["DISCORD_TOKEN"] == ""
    assert set(env_example) <= {f.name.upper() for f in dataclasses.fields(Settings)} | {
        "DISCORD_API_URL",
        "DISCORD_GATEWAY_URL",
    }


def test_docker_run_with_env_example_serves_healthz_on_all_interfaces(
    runtime: list[tuple[str, str]], env_example: dict[str, str]
) -> None:
    """``cp .env.example .env`` then ``docker run --env-file .env``: the HEALTHCHECK and
    the published port need the image's HTTP_HOST=0.0.0.0 and HTTP_PORT to survive."""
    inside = {**env_of(runtime), **env_example}
    assert endpoint(inside) == ("0.0.0.0", int(args_of(runtime, "EXPOSE")[0]))
    assert inside["HTTP_PORT"] == env_of(runtime)["HTTP_PORT"]  # what the HEALTHCHECK asks


@pytest.mark.parametrize(
    "dot_env",
    [None, {"HTTP_HOST": "127.0.0.1", "HTTP_PORT": ""}, {"HTTP_HOST": "", "HTTP_PORT": "9"}],
)
def test_compose_bot_serves_healthz_on_all_interfaces(
    compose: dict[str, Any],
    runtime: list[tuple[str, str]],
    env_example: dict[str, str],
    dot_env: dict[str, str] | None,
) -> None:
    """Image ENV, then ``env_file``, then ``environment:`` (Compose's order), whatever
    ../.env says about HTTP_HOST and HTTP_PORT."""
    env_file = env_example if dot_env is None else {**env_example, **dot_env}
    inside = {**env_of(runtime), **env_file, **compose_environment(compose)}
    (mapping,) = compose["services"]["bot"]["ports"]
    assert endpoint(inside) == ("0.0.0.0", int(mapping.rsplit(":", 1)[1]))
    assert inside["HTTP_PORT"] == env_of(runtime)["HTTP_PORT"]


def test_endpoint_check_can_tell(runtime: list[tuple[str, str]]) -> None:
    """The lines .env.example once had: loopback and an empty port, i.e. no endpoint."""
    old = env_file_values("HTTP_HOST=127.0.0.1\nHTTP_PORT=\n")
    assert endpoint({**env_of(runtime), **old}) == ("127.0.0.1", None)
    assert endpoint({**env_of(runtime)}) == ("0.0.0.0", 8080)
    with pytest.raises(AssertionError):
        env_file_values('DISCORD_TOKEN="abc"\n')  # docker run would keep the quotes


# --- deploy/houseway-bot.service -----------------------------------------------------
@pytest.fixture(scope="module")
def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keep the case
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return parser


def seconds(value: str) -> float:
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(s|sec|min|m)?", value.strip())
    assert match, f"not a simple time span: {value!r}"
    return float(match.group(1)) * (60 if match.group(2) in ("min", "m") else 1)


def test_unit_sections(unit: configparser.ConfigParser) -> None:
    assert set(unit.sections()) == {"Unit", "Service", "Install"}
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_unit_runs_the_venv_console_script(unit: configparser.ConfigParser) -> None:
    service = unit["Service"]
    exec_start = service["ExecStart"]
    assert exec_start.startswith("/opt/houseway/") and exec_start.endswith("/bin/houseway-bot")
    assert service["User"] not in ("", "root", "0")
    assert service["EnvironmentFile"] == "/etc/houseway/houseway.env"  # no "-": must exist


def test_unit_stop_and_restart(unit: configparser.ConfigParser) -> None:
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    # Unlimited restarts: a database down at boot (exit 1) must not end the retries.
    assert unit["Unit"].get("StartLimitIntervalSec") == "0"
    # A settings error (exit 2: no token, a malformed DATABASE_URL) is not retried.
    assert "2" in service["RestartPreventExitStatus"].split()
    assert service["KillSignal"] == "SIGTERM"
    assert BOT_STOP_SECONDS < seconds(service["TimeoutStopSec"]) <= 15


def test_unit_hardening(unit: configparser.ConfigParser) -> None:
    service = unit["Service"]
    assert service["NoNewPrivileges"] == "yes"
    assert service["ProtectSystem"] == "strict"
    assert service["ProtectHome"] == "yes"
    assert service["PrivateTmp"] == "yes"
    assert service["WorkingDirectory"] in service["ReadWritePaths"].split()


def test_unit_verifies(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    copy = tmp_path / UNIT.name
    copy.write_text(UNIT.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run(
        [analyze, "verify", str(copy)], capture_output=True, text=True, timeout=60, check=False
    )
    problems = [
        line
        for line in (done.stdout + done.stderr).splitlines()
        # The install itself is not here: the venv and its console script are missing.
        if line.strip() and "/opt/houseway/venv/bin/houseway-bot" not in line
    ]
    assert not problems, "\n".join(problems)


# --- Compose and systemd give the bot time to close ---------------------------------------
def test_stop_timeouts_cover_the_bots_shutdown(
    compose: dict[str, Any], unit: configparser.ConfigParser
) -> None:
    assert seconds(compose["services"]["bot"]["stop_grace_period"]) > BOT_STOP_SECONDS
    assert seconds(unit["Service"]["TimeoutStopSec"]) > BOT_STOP_SECONDS


# --- deploy/README.md ----------------------------------------------------------------
def test_guide_covers_each_deployment_and_sharding() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    for heading in (
        "## Docker",
        "## Docker Compose",
        "## systemd",
        "## Health checks",
        "## Updating",
        "## Large bots: sharding",
    ):
        assert re.search(rf"^{re.escape(heading)}", guide, re.M), heading
    for word in (
        "SHARD_COUNT",
        "SHARD_IDS",
        "SYNC_COMMANDS",
        "/healthz",
        "/metrics",
        "DISCORD_TOKEN",
        "2,500",
    ):
        assert word in guide, word
    for path in re.findall(r"`(deploy/[\w.-]+)`", guide):
        assert (ROOT / path).is_file(), path


def test_guide_tells_systemd_users_to_set_http_port() -> None:
    """.env.example leaves HTTP_PORT unset, so a systemd install has no /healthz unless
    the guide says to set it."""
    guide = GUIDE.read_text(encoding="utf-8")
    systemd = guide.split("\n## systemd", 1)[1].split("\n## ", 1)[0]
    assert "HTTP_PORT=8080" in systemd
