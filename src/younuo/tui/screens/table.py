"""The table: the centre (round, top card, colour in force, direction, pile, stacking,
the turn clock), the players with their card counts, the log, what may be done now,
the hand (numbered, selectable), and the keys. Every key goes to the pure
:class:`~younuo.tui.tablemodel.TableModel`; this screen draws it and sends what its
steps say. At the match's end the results take the log's place."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult

from younuo.engine.cards import Color
from younuo.tui.cards import face
from younuo.tui.colours import name_key, style, symbol
from younuo.tui.describe import cards_text
from younuo.tui.hand import hand_text
from younuo.tui.names import bot_name
from younuo.tui.plain import Plain
from younuo.tui.screens.base import Base
from younuo.tui.tablemodel import Line, TableModel


class TableScreen(Base):
    """The game table, by keyboard (keys in the help, ``?``)."""

    DEFAULT_CSS = """
    TableScreen #info { height: 1; }
    TableScreen #seats { height: auto; max-height: 3; }
    TableScreen #log { height: 1fr; }
    TableScreen #status { height: 1; text-style: bold; }
    TableScreen #hand { height: auto; max-height: 4; }
    """

    def compose(self) -> ComposeResult:
        yield self.conn_line()
        yield Plain("", id="info")
        yield Plain("", id="seats")
        yield Plain("", id="log")
        yield Plain("", id="status")
        yield self.say_line()
        yield Plain("", id="hand")
        yield Plain("", id="keys", classes="keys")

    def on_screen_resume(self) -> None:
        self.show()

    def on_resize(self, _event: events.Resize) -> None:
        self.show()

    # ------------------------------------------------------------------ drawing
    def show(self) -> None:
        model = self.host.table
        if model is None:
            return
        words = self.words
        self.show_clock()
        self.query_one("#seats", Plain).update(self.seats_text(model))
        self.query_one("#log", Plain).update(self.log_text())
        results = self.host.results
        if results is not None:
            self.query_one("#status", Plain).update(words("results.match_over"))
            self.query_one("#keys", Plain).update(words("tui.over.keys"))
        else:
            self.query_one("#status", Plain).update(self.line(model.status()))
            self.query_one("#keys", Plain).update(words("tui.table.keys"))
        self.query_one("#hand", Plain).update(hand_text(words, model))

    def show_clock(self) -> None:
        """The centre line (it holds the clock, so it is redrawn every tick)."""
        model = self.host.table
        if model is None:
            return
        words, view = self.words, model.view
        parts = [Text(words("table.round", n=view.get("round", 1)))]
        top = view.get("top")
        if top:
            named = Color(view["color"]) if view.get("color") else None
            card = face(str(top), named)
            top_text = Text(words("tui.table.top", card="")).append(card.text, style=card.style)
            parts.append(top_text)
        if view.get("color"):
            colour = Color(view["color"])
            parts.append(
                Text(words("tui.table.colour", colour="")).append(
                    f"{symbol(colour)} {words(name_key(colour))}", style=style(colour)
                )
            )
        parts.append(
            Text(
                words("tui.table.dir_cw" if view.get("direction", 1) == 1 else "tui.table.dir_ccw")
            )
        )
        parts.append(Text(words("tui.table.pile", n=view.get("pile_count", 0))))
        if view.get("pending_draw"):
            parts.append(Text(words("tui.table.stack", n=view["pending_draw"]), style="bold red"))
        left = model.clock_left(self.host.server_now())
        if left is not None:
            mine = left[0] == model.me
            parts.append(
                Text(
                    words("tui.table.clock", name=self.player_name(model, left[0]), s=left[1]),
                    style="bold" if mine else "",
                )
            )
        self.query_one("#info", Plain).update(Text("  ").join(parts))

    def seats_text(self, model: TableModel) -> Text:
        words = self.words
        out = Text()
        for i, row in enumerate(model.seats()):
            if i:
                out.append(" · ")
            name = words("room.you") if row.you else self.player_name(model, row.name)
            out.append(("▶" if row.current else " ") + name, style="bold" if row.current else "")
            out.append(f" {row.cards}")
            if row.uno:
                out.append(" " + words("tui.table.uno"), style="bold red")
            for badge in row.badges:
                out.append(f" [{words(badge)}]", style="dim")
            if row.score:
                out.append(f" ({row.score})", style="dim")
        return out

    def log_text(self) -> Text:
        results = self.host.results
        if results is not None:
            words = self.words
            model = self.host.table
            lines = [
                words("tui.over.winner", name=self.player_name(model, results.winner))
                if results.winner
                else words("tui.over.none")
            ]
            for row in results.results:
                change = f"{row.rating_change:+d}"
                name = self.player_name(model, row.name)
                line = words("tui.over.row", name=name, score=row.score, change=change)
                if row.skill is not None:  # the skill beside the level points (docs/rating.md)
                    moved = f"{row.skill_change or 0:+d}"
                    line += words("tui.over.skill", skill=row.skill, change=moved)
                lines.append(line)
            return Text("\n".join(lines), style="bold")
        size = self.query_one("#log", Plain).size.height or 8
        return Text("\n".join(self.host.log_lines[-size:]))

    def player_name(self, model: TableModel | None, name: str) -> str:
        """A player's name as the reader reads it: a bot seat's in their language."""
        if model is not None and name in model.bots:
            return bot_name(self.words, name)
        return name

    def line(self, line: Line) -> str:
        """A model's sentence, its cards, names and options written out."""
        params = dict(line.params)
        model = self.host.table
        if "cards" in params:
            codes = [str(c) for c in params["cards"]]  # type: ignore[attr-defined]
            params["cards"] = cards_text(codes, self.words("list.sep"))
        if "name" in params:
            params["name"] = self.player_name(model, str(params["name"]))
        if "options" in params:
            options: tuple[str, ...] = tuple(params["options"])  # type: ignore[arg-type]
            if line.key == "tui.table.pick_colour":
                options = tuple(
                    f"{symbol(Color(c))} {self.words(name_key(Color(c)))}" for c in options
                )
            else:
                options = tuple(self.player_name(model, o) for o in options)
            params["options"] = "  ".join(f"{i + 1} {o}" for i, o in enumerate(options))
        return self.words(line.key, **params)

    # ------------------------------------------------------------------ keys
    def on_key(self, event: events.Key) -> None:
        host = self.host
        if event.key == "question_mark":
            return  # the help binding
        if host.results is not None:
            if event.key in ("enter", "escape"):
                event.stop()
                host.back_to_room()
            return
        model, client = host.table, host.client
        if model is None or client is None:
            return
        step = model.press(event.key)
        event.stop()
        host.table = step.model
        if step.say is not None:
            host.say(self.line(step.say))
        else:
            host.say("")
        if step.send is not None:
            match = step.model.match
            host.do(client.act(dict(step.send), match=match.id, version=match.version))
        if step.autoplay is not None:
            host.do(client.autoplay(step.autoplay))
        if step.leave is not None:
            host.do(self.leave(step.leave))
        self.show()

    async def leave(self, told: Line) -> None:
        """Leave the room and its match (R-LEAVE); then say what it took, on the screen
        the player lands on."""
        client = self.host.client
        if client is None:
            return
        await client.leave_room()
        self.host.say_next(told)


__all__ = ["TableScreen"]
