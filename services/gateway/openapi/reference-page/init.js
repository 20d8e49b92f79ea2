/* The API reference page's one script of ours (no inline script: the page's CSP forbids it). */
/* global SwaggerUIBundle, MutationObserver */

/*
 * Accessibility fixes to Swagger UI's markup (test/browser/api-reference.test.ts runs axe on the page):
 * - an operation's summary is one button; Swagger UI puts a deep link (<a href>) inside it, a nested
 *   interactive control. The path is plain text here; deep links still work (the address follows the
 *   operation opened, and a link to #/Tag/operationId opens it).
 */
function AccessibleMarkup(system) {
  const React = system.React;
  return {
    components: {
      DeepLink: (props) => React.createElement('span', { className: 'nostyle' }, props.text),
    },
  };
}

/*
 * Attributes Swagger UI leaves out, added whenever it renders: a name for each select (the server list,
 * content types), and a landmark for each part of the page around its <main> (axe: all content sits
 * in landmarks).
 */
const ATTRIBUTES = [
  ['select#servers', { 'aria-label': 'Server' }],
  ['select.content-type', { 'aria-label': 'Content type' }],
  ['.body-param-content-type select', { 'aria-label': 'Request body content type' }],
  ['.response-control-media-type select', { 'aria-label': 'Response media type' }],
  ['.examples-select select', { 'aria-label': 'Example' }],
  ['.information-container', { role: 'region', 'aria-label': 'About this API' }],
  ['.scheme-container', { role: 'region', 'aria-label': 'Servers and authorization' }],
  ['.filter-container', { role: 'search', 'aria-label': 'Filter operations' }],
  ['section.models', { role: 'region', 'aria-label': 'Schemas' }],
  // The Schemas heading is an h4 after the Webhooks section's h2: at the level of the tags' headings.
  ['section.models > h4', { 'aria-level': '3' }],
];
function addAttributes() {
  for (const [selector, attributes] of ATTRIBUTES) {
    for (const element of document.querySelectorAll(selector)) {
      for (const [name, value] of Object.entries(attributes)) {
        if (element.getAttribute(name) !== value) element.setAttribute(name, value);
      }
    }
  }
}
new MutationObserver(addAttributes).observe(document.getElementById('swagger-ui'), {
  childList: true,
  subtree: true,
});

window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  layout: 'BaseLayout',
  presets: [SwaggerUIBundle.presets.apis],
  plugins: [AccessibleMarkup],
  deepLinking: true,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
  filter: true,
  // Plain code blocks: the highlighter's theme colours fall short of WCAG contrast.
  syntaxHighlight: { activated: false },
  // No badge from validator.swagger.io: the page loads nothing from elsewhere.
  validatorUrl: null,
});
