"""The API's routers (FastAPI "bigger applications"): one module per resource."""
