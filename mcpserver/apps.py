from django.apps import AppConfig


class McpServerConfig(AppConfig):
    """The MCP server: the contact tools (context, remember, search, forget, profile) for MCP clients, over stdio
    (``manage.py mcp``) and streamable HTTP (``manage.py mcp --http``). Named ``mcpserver``: an app called ``mcp``
    would shadow the SDK's package."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "mcpserver"
