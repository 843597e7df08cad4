/**
 * The sandbox gateway's browser script (GET /sandbox-gateway/v1/tokenizer.js), as a third
 * party's would be: it takes the card fields and posts them to the gateway, never to the shop,
 * and hands back a single-use token.
 *
 *   const r = await window.SandboxGateway.createToken({ number, expMonth, expYear, cvv });
 *   // { token: 'tok_sandbox_...', card: { brand, last4 } } or { error: { message, errors? } }
 */
export const TOKENIZER_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : '';
  function fail(message, errors) { return { error: { message: message || 'Payment Error', errors: errors } }; }
  window.SandboxGateway = {
    createToken: function (card) {
      return fetch(base + '/sandbox-gateway/v1/tokens', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvv: card.cvv })
      }).then(function (res) {
        return res.json().then(function (body) {
          return res.ok && body && body.id ? { token: body.id, card: body.card } : fail(body && body.error && body.error.message, body && body.error && body.error.errors);
        });
      }).catch(function () { return fail(); });
    }
  };
})();
`;
