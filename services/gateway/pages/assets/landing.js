/*
 * The hosted landing page's copy button (services/gateway/pages/landing-page.ts). Without this script
 * the page still works: the button stays hidden and the code can be selected and copied by hand.
 */
(function () {
  'use strict';
  var button = document.getElementById('copy');
  var code = document.getElementById('code');
  var status = document.getElementById('copy-status');
  if (!button || !code) return;
  var label = button.textContent;
  var timer;

  function copied() {
    button.textContent = button.getAttribute('data-copied-label') || 'Copied';
    button.classList.add('is-copied');
    if (status) status.textContent = button.getAttribute('data-copied-status') || 'Code copied';
    clearTimeout(timer);
    timer = setTimeout(function () {
      button.textContent = label;
      button.classList.remove('is-copied');
      if (status) status.textContent = '';
    }, 2000);
  }

  function selectCode() {
    var range = document.createRange();
    range.selectNodeContents(code);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function fallback() {
    selectCode();
    try {
      if (document.execCommand('copy')) copied();
    } catch (e) {
      // the code stays selected: the friend copies it by hand
    }
  }

  button.addEventListener('click', function () {
    var text = code.textContent;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(copied, fallback);
    } else {
      fallback();
    }
  });
  button.hidden = false;
})();
