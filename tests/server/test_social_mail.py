"""An invitation goes by mail too when the invited player allows it (``notices.py``'s channel, a real SMTP
server on loopback), with the link that lets them in; an invitation from someone they block does not."""

from __future__ import annotations

from harness import Client, Hall, command, create_table, join
from smtp import SmtpSink, links, mail_hall
from test_mail import confirmed
from test_social import refused, said


def test_an_invitation_is_mailed_to_whoever_allows_it(db_url: str, sink: SmtpSink) -> None:
    hall: Hall = mail_hall(db_url, sink)
    try:
        ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
        confirmed(hall, sink, bob, "bob@example.org")
        assert bob.http.post("/api/account/notices", json={"invite": True}).status_code == 200
        lobby = ann.lobby()
        table_id = create_table(lobby, "toy", 2, private=True)
        at_table = ann.table(table_id)
        join(at_table, 1)
        command(at_table, "/follow Bob")
        command(at_table, "/invite Bob")
        said(at_table, "Invitation sent to Bob")
        mail = sink.wait(2)[1]
        assert mail["To"] == "bob@example.org" and mail["Subject"] == f"Ann invites you to Toy (table {table_id})"
        invite = hall.hall.tables[table_id].settings.invite
        assert f"{hall.url}/table/{table_id}?invite={invite}" in links(mail)
        # once Bob blocks Ann, nothing of hers reaches him (and her follow is gone: she cannot invite him)
        bobs = bob.lobby()
        command(bobs, "/ignore Ann")
        said(bobs, "You have blocked Ann")
        command(at_table, "/invite Bob")
        refused(at_table, "you can invite the players you follow")
        assert len(sink.mails) == 2
    finally:
        hall.stop()
