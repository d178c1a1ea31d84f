"""``longhouse serve`` on a port another program holds says which port is taken and how to choose another,
and starts nothing (no store is created); options that do not fit and a store it cannot open are refused
the same way, in the terminal's language (``--lang``, else ``LANG``)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from longhouse.cli import main


def test_a_busy_port_is_named_with_the_way_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        database = tmp_path / "hall.db"
        assert main(["serve", "--port", str(port), "--database", f"sqlite:///{database}"]) == 2
    err = capsys.readouterr().err
    assert f"port {port} on 127.0.0.1 is taken" in err
    assert f"--port {port + 1}" in err
    assert not database.exists()


def test_the_store_s_password_is_never_shown() -> None:
    from longhouse.cli.serve import shown_url

    assert shown_url("postgresql+psycopg://hall:s3cret@db.example:5432/longhouse") == (
        "postgresql+psycopg://hall:***@db.example:5432/longhouse")
    assert shown_url("sqlite:///data/longhouse.db") == "sqlite:///data/longhouse.db"



@pytest.mark.parametrize(("options", "said"), [
    (["--smtp", "smtp://127.0.0.1:2525"], "--smtp needs --mail-from ADDRESS"),
    (["--smtp", "smtp://127.0.0.1:2525", "--mail-from", "hall@example.org"], "--smtp needs --public-url URL"),
    (["--smtp", "http://mail.example.org", "--mail-from", "hall@example.org", "--public-url", "https://h.example"],
     "use smtp://, smtp+starttls:// or smtps://"),
    (["--smtp", "smtp://:25", "--mail-from", "hall@example.org", "--public-url", "https://h.example"],
     "the URL names no host"),
    (["--mail-from", "hall@example.org"], "give --smtp URL too"),
])
def test_mail_options_that_do_not_fit_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  options: list[str], said: str) -> None:
    database = tmp_path / "hall.db"
    assert main(["serve", "--port", "0", "--database", f"sqlite:///{database}", *options]) == 2
    assert said in capsys.readouterr().err
    assert not database.exists()


def test_the_smtp_url_and_its_password() -> None:
    from longhouse.server.mailer import SmtpServer

    plain = SmtpServer.parse("smtp://mail.example.org")
    assert (plain.host, plain.port, plain.tls, plain.start_tls, plain.username) == ("mail.example.org", 25, False,
                                                                                   None, None)
    starttls = SmtpServer.parse("smtp+starttls://hall%40example.org:p%40ss@mail.example.org", password="other")
    assert (starttls.port, starttls.start_tls, starttls.username, starttls.password) == (
        587, True, "hall@example.org", "p@ss")
    tls = SmtpServer.parse("smtps://hall@mail.example.org:2465", password="from-env")
    assert (tls.port, tls.tls, tls.password) == (2465, True, "from-env")
    assert tls.shown() == "smtps://hall@mail.example.org:2465" and "from-env" not in tls.shown()
    with pytest.raises(ValueError, match="port is not a number"):
        SmtpServer.parse("smtp://mail.example.org:x")


@pytest.mark.parametrize(("options", "said"), [
    (["--push-contact", "ops@example.org"], "neither mailto:ADDRESS nor an https:// address"),
    (["--push-contact", "http://hall.example.org"], "neither mailto:ADDRESS nor an https:// address"),
    (["--vapid-key-file", "missing.pem"], "--vapid-key-file: cannot read missing.pem: No such file or directory"),
    (["--vapid-key-file", "junk.pem"], "holds no P-256 private key"),
])
def test_push_options_that_do_not_fit_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch, options: list[str],
                                                  said: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "junk.pem").write_text("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    database = tmp_path / "hall.db"
    assert main(["serve", "--port", "0", "--database", f"sqlite:///{database}", *options]) == 2
    assert said in capsys.readouterr().err
    assert not database.exists()


def test_a_busy_port_is_named_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")  # the environment's language, the first of LC_ALL, LC_MESSAGES, LANG
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        database = tmp_path / "hall.db"
        assert main(["serve", "--port", str(port), "--database", f"sqlite:///{database}"]) == 2
    assert capsys.readouterr().err == (f"longhouse serve: Port {port} auf 127.0.0.1 ist belegt (läuft schon eine "
                                       f"andere Halle?); wähle mit --port einen anderen, z. B. "
                                       f"longhouse serve --port {port + 1}\n")
    assert not database.exists()


@pytest.mark.parametrize(("database", "english", "german"), [
    ("nonsense", "--database 'nonsense' is not a database URL (e.g. sqlite:///data/longhouse.db or",
     "--database 'nonsense' ist keine Datenbank-URL (z. B. sqlite:///data/longhouse.db oder"),
    ("mysqlx://db.example/hall", "--database 'mysqlx:…': no database driver of that name",
     "--database 'mysqlx:…': kein Datenbanktreiber dieses Namens"),
    ("postgresql+psycopg://hall:s3cret@127.0.0.1:1/hall",
     "cannot reach the store at postgresql+psycopg://hall:***@127.0.0.1:1/hall: ",
     "der Speicher unter postgresql+psycopg://hall:***@127.0.0.1:1/hall ist nicht erreichbar: "),
    ("sqlite:///{tmp}/a-file/hall.db", "cannot make the store at sqlite:///{tmp}/a-file/hall.db: ",
     "kann den Speicher unter sqlite:///{tmp}/a-file/hall.db nicht anlegen: "),
])
def test_a_store_that_cannot_be_opened_is_named_with_the_way_out(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                database: str, english: str, german: str) -> None:
    (tmp_path / "a-file").write_text("not a directory")
    url = database.format(tmp=tmp_path)
    for lang, said in (("en", english), ("de", german)):
        assert main(["serve", "--port", "0", "--lang", lang, "--database", url]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"longhouse serve: {said.format(tmp=tmp_path)}") and "Traceback" not in err, err
        assert "s3cret" not in err
