/*
 * A fake Tillpay hosted-fields script for the tests, served in place of
 * https://js.tillpay.test/v1/fields.js (Playwright fulfils that route). `Tillpay(publishableKey)`
 * gives `fields(container)`, which renders card number, expiry and CVC inputs in the container;
 * `fields.tokenize()` answers `{ token }` or `{ error: { message } }`; `fields.destroy()` takes
 * the inputs away. The token is `tp_` + base64url(JSON { last4, brand, outcome }), the outcome
 * chosen by the number's end (0002 declined, 3220 challenge, 0259 review, else approved): the card
 * number itself never leaves this script. Each key used is recorded in sessionStorage `__tillpayKeys`.
 */
(() => {
  function digits(v) {
    return String(v || '').replace(/\D/g, '');
  }
  function luhn(n) {
    var sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return n.length >= 12 && sum % 10 === 0;
  }
  function base64url(s) {
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function outcome(n) {
    if (n.endsWith('0002')) return 'declined';
    if (n.endsWith('3220')) return 'challenge';
    if (n.endsWith('0259')) return 'review';
    return 'approved';
  }
  function brand(n) {
    if (n[0] === '4') return 'visa';
    if (n[0] === '5') return 'mastercard';
    if (n[0] === '3') return 'amex';
    return 'unknown';
  }
  var seq = 0;
  function input(container, label, autocomplete) {
    var id = `tillpay-${++seq}`;
    var wrap = document.createElement('div');
    var l = document.createElement('label');
    l.htmlFor = id;
    l.textContent = label;
    var i = document.createElement('input');
    i.id = id;
    i.inputMode = 'numeric';
    i.autocomplete = autocomplete;
    wrap.append(l, i);
    container.append(wrap);
    return i;
  }
  window.Tillpay = (publishableKey) => {
    var keys = JSON.parse(sessionStorage.getItem('__tillpayKeys') || '[]');
    keys.push(publishableKey);
    sessionStorage.setItem('__tillpayKeys', JSON.stringify(keys));
    return {
      fields: (container) => {
        var number = input(container, 'Card number', 'cc-number');
        var expiry = input(container, 'Expiry (MM/YY)', 'cc-exp');
        var cvc = input(container, 'CVC', 'cc-csc');
        return {
          tokenize: async () => {
            var n = digits(number.value);
            if (!luhn(n)) return { error: { message: 'Your card number is invalid.' } };
            var exp = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(expiry.value);
            if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12)
              return { error: { message: "Your card's expiry date is incomplete." } };
            if (!/^\d{3,4}$/.test(cvc.value.trim())) return { error: { message: "Your card's CVC is incomplete." } };
            var body = { last4: n.slice(-4), brand: brand(n), outcome: outcome(n) };
            return { token: `tp_${base64url(JSON.stringify(body))}` };
          },
          destroy: () => {
            for (const el of [number, expiry, cvc]) el.parentElement?.remove();
          },
        };
      },
    };
  };
})();
