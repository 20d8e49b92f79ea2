/* The API reference page's one script of ours (no inline script: the page's CSP forbids it). */
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  layout: 'BaseLayout',
  presets: [SwaggerUIBundle.presets.apis],
  deepLinking: true,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
  filter: true,
  // No badge from validator.swagger.io: the page loads nothing from elsewhere.
  validatorUrl: null,
});
