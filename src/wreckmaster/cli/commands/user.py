"""`wreckmaster user add|list|token|password|revoke`: users of the service (CASE.md). The token is
printed once; only a keyed hash of it (and an argon2 hash of the password) is stored. A new
token, a new password and revocation each end every web session of the user issued before."""
from __future__ import annotations

import sys
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    from .case import DB_HELP

    user = typer.Typer(help="Users: clerks open cases and record facts; amend and retract need a supervisor.",
                       no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(user, name="user")

    @user.command("add", help="Create a user and print its API token once, alone on stdout.\n\n"
                              "Example: echo 'the tide at sagara' | wreckmaster user add hanako --office sagara --password-stdin")
    def add_cmd(name: str = typer.Argument(..., metavar="NAME"),
                office: str = typer.Option(..., "--office", help="The user's office."),
                role: str = typer.Option("clerk", "--role", help="clerk or supervisor"),
                password_stdin: bool = typer.Option(False, "--password-stdin",
                                                    help="Read a password for the web pages from stdin."),
                db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import check_choice, fail, print_json

        from .case import opened, store_errors

        check_choice(format, ("table", "json"))
        check_choice(role, ("clerk", "supervisor"), "--role")
        password = None
        if password_stdin:
            password = sys.stdin.readline().rstrip("\r\n")
            if not password:
                fail([("--password-stdin", "no password on stdin")])
        store = opened(db)
        with store_errors({"/user": "NAME", "/role": "--role", "/password": "--password-stdin"}):
            token = store.add_user(name, office, role=role, password=password)
        if format == "json":
            print_json({"user": name, "office": office, "role": role, "token": token})
        else:
            print(token)

    @user.command("password", help="Set the user's password for the web pages, read from stdin (one line); "
                                   "every web session of the user issued before ends.\n\n"
                                   "Example: echo 'a new long pass phrase' | wreckmaster user password hanako --password-stdin")
    def password_cmd(name: str = typer.Argument(..., metavar="NAME"),
                     password_stdin: bool = typer.Option(False, "--password-stdin",
                                                         help="Read the new password from stdin (required)."),
                     db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                     format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import check_choice, fail

        from .case import from_store, print_rows

        check_choice(format, ("table", "json"))
        if not password_stdin:
            fail([("--password-stdin", "required: the password is read from stdin, never from the command line")])
        password = sys.stdin.readline().rstrip("\r\n")
        if not password:
            fail([("--password-stdin", "no password on stdin")])
        from_store(db, format, lambda store: store.set_password(name, password), names={"/password": "--password-stdin"})
        print_rows({"user": name, "password": "set"}, format, lambda row: print(f"password of {name} set"))

    @user.command("token", help="Give the user a new API token, printed once; the old one stops working, "
                                "a revoked user is active again and every earlier web session ends."
                                "\n\nExample: wreckmaster user token hanako")
    def token_cmd(name: str = typer.Argument(..., metavar="NAME"),
                  db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                  format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from .case import from_store, print_rows

        token = from_store(db, format, lambda store: store.new_token(name))
        print_rows({"user": name, "token": token}, format, lambda row: print(row["token"]))

    @user.command("revoke", help="Revoke the user: its token and password stop working (a running service "
                                 "forgets it within seconds); its entries keep its name.\n\n"
                                 "Example: wreckmaster user revoke hanako")
    def revoke_cmd(name: str = typer.Argument(..., metavar="NAME"),
                   db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                   format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from .case import from_store, print_rows

        from_store(db, format, lambda store: store.revoke_user(name))
        print_rows({"user": name, "active": False}, format, lambda row: print(f"user {name} revoked"))

    @user.command("list", help="The users (never their tokens).")
    def list_cmd(office: Optional[str] = typer.Option(None, "--office", help="Only this office's users."),
                 db: Optional[str] = typer.Option(None, "--db", help=DB_HELP),
                 format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from .case import from_store, print_rows

        def table(rows: list[dict]) -> None:
            for r in rows:
                print(f"{r['user']:<20} {r['office']:<16} {r['role']:<11} {'' if r['active'] else 'revoked'}".rstrip())

        print_rows(from_store(db, format, lambda store: store.users(office)), format, table)
