"""The HTTP API (Flask + flask-smorest). `create_app()` builds it around a service context."""

from __future__ import annotations

import gc
from typing import Any

from flask import Flask

from service.api import problems
from service.api.http import check_json_body
from service.context import Context


def create_app(service: Context | None = None, **config: Any) -> Flask:
    from service import context
    from service.api import account, audit, catalogue, games, index, meet, talk

    service = service or context.current()
    app = Flask(__name__)
    app.config.update(
        API_TITLE=service.settings.site(),  # the site's name (PBEM_SITE_NAME): no game's
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        JSON_SORT_KEYS=False,
        # The largest real body (a set-up, twenty vacations, a decision form) is a few KiB.
        MAX_CONTENT_LENGTH=64 * 1024,
        **config,
    )
    app.extensions["pbem"] = service
    api = problems.ProblemApi(app, spec_kwargs={
        "info": {"description": "Board games played by mail and on the web: every move is an "
                                "event. Errors are application/problem+json with a `detail` "
                                "saying what is wrong "
                                "and what is allowed: 400 a body that is not JSON (or nests "
                                "deeper than 32 levels), 413 a body over 64 KiB, 422 not valid "
                                "or not legal, 503 (with Retry-After) the database cannot be "
                                "reached."}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    app.extensions["pbem_api"] = api
    api.register_blueprint(games.blp)
    api.register_blueprint(talk.blp)
    api.register_blueprint(meet.blp)
    api.register_blueprint(account.blp)
    api.register_blueprint(audit.blp)
    api.register_blueprint(catalogue.blp)
    api.register_blueprint(index.blp)
    api.finish()
    problems.register(app)
    app.before_request(check_json_body)
    from service import web

    web.init_app(app, service)  # the web board's pages
    from emails import web as mail_web
    from service.web.common import me

    mail_web.init_app(app, reader=me,
                      dev_outbox=bool(app.config.get("PBEM_DEV_OUTBOX")))
    _operations(app, service)
    return app


def _operations(app: Flask, service: Context) -> None:
    """For whoever runs the service: `/healthz` (whether the database, the broker and the reply
    intake answer: 200 or 503, JSON) and `/metrics` (Prometheus' text format). Neither needs a
    sign-in (a load balancer, a compose health check and Prometheus ask them); neither says
    anything about a game or a player. Not in the OpenAPI description: they are not the API."""
    from flask import Response, jsonify

    from service import health, metrics

    def healthz() -> Response:
        checks = health.checks_for(service, intake=app.config.get("PBEM_MAIL_INTAKE"))
        status, body = health.report(health.run(checks))
        response = jsonify(body)
        response.status_code = status
        response.headers["Cache-Control"] = "no-store"
        return response

    def scrape() -> Response:
        body = metrics.exposition(service, metrics.metrics_root(service.settings))
        return Response(body, content_type=metrics.CONTENT_TYPE,
                        headers={"Cache-Control": "no-store"})

    app.add_url_rule("/healthz", "healthz", healthz, methods=["GET"])
    app.add_url_rule("/metrics", "metrics", scrape, methods=["GET"])


def freeze_startup_heap() -> None:
    """Move everything built so far (modules, the app, the engine) out of the garbage collector's
    sight, for a server about to serve.

    A full collection walks every tracked object; with the libraries loaded that is a few hundred
    thousand, a pause of around 100 ms on a small machine, taken by whichever request happens to
    trigger it. Objects made at start-up live as long as the process, so scanning them is wasted:
    after `gc.freeze()` full collections only walk what requests made (see the `gc` docs)."""
    gc.collect()
    gc.freeze()
