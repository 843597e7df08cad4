/*
 * A fake Stripe.js for the end-to-end tests, served in place of https://js.stripe.com/endive/stripe.js
 * (Playwright fulfils that route). Like the real one, it keeps the card in its own fields and
 * talks to https://api.stripe.com (which the tests route to the local stand-in), never to the
 * shop. Elements are plain inputs here (the real ones are iframes), labelled for the tests.
 */
(() => {
  var API = 'https://api.stripe.com';
  var LABELS = { cardNumber: 'Card number', cardExpiry: 'Expiration date MM / YY', cardCvc: 'CVC' };
  function digits(v) {
    return String(v || '').replace(/\D/g, '');
  }
  function state(type, value) {
    var d = digits(value);
    var ok =
      type === 'cardNumber'
        ? d.length >= 13 && d.length <= 19
        : type === 'cardExpiry'
          ? /^\s*(0[1-9]|1[0-2])\s*\/\s*\d{2}\s*$/.test(value)
          : d.length >= 3 && d.length <= 4;
    return { elementType: type, empty: value === '', complete: ok, error: undefined };
  }
  function form(obj, prefix, out) {
    out = out || [];
    Object.keys(obj).forEach((k) => {
      var v = obj[k];
      var key = prefix ? `${prefix}[${k}]` : k;
      if (v && typeof v === 'object') form(v, key, out);
      else if (v !== undefined && v !== null) out.push(`${encodeURIComponent(key)}=${encodeURIComponent(v)}`);
    });
    return out.join('&');
  }
  function call(method, path, body) {
    var init = { method: method, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    if (body) init.body = form(body);
    return fetch(API + path, init).then((r) => r.json());
  }
  function intentId(secret) {
    return String(secret).split('_secret_')[0];
  }

  // biome-ignore lint/correctness/noComponentHookFactories: Stripe.js's factory, not a component
  function Stripe(key) {
    var fields = {};
    return {
      elements: () => ({
        create: (type) => {
          var listeners = [];
          var input;
          var el = {
            mount: (target) => {
              var box = typeof target === 'string' ? document.querySelector(target) : target;
              input = document.createElement('input');
              input.setAttribute('aria-label', LABELS[type]);
              input.setAttribute('autocomplete', 'off');
              input.style.cssText = 'border:0;width:100%;font:inherit;background:transparent';
              input.addEventListener('input', () => {
                var s = state(type, input.value);
                listeners.forEach((cb) => {
                  cb(s);
                });
              });
              box.appendChild(input);
              fields[type] = input;
            },
            on: (event, cb) => {
              if (event === 'change') listeners.push(cb);
              return el;
            },
            focus: () => {
              if (input) input.focus();
            },
            destroy: () => {
              if (input) input.remove();
              delete fields[type];
            },
            unmount: () => {
              if (input) input.remove();
            },
          };
          return el;
        },
      }),
      createPaymentMethod: (o) => {
        var exp = (fields.cardExpiry?.value || '').split('/');
        return call('POST', '/v1/payment_methods', {
          type: 'card',
          card: {
            number: digits(fields.cardNumber?.value),
            exp_month: digits(exp[0]),
            exp_year: `20${digits(exp[1])}`,
            cvc: digits(fields.cardCvc?.value),
          },
          billing_details: o.billing_details || {},
          key: key,
        }).then((b) => (b.error ? { error: b.error } : { paymentMethod: b }));
      },
      confirmCardPayment: (secret) =>
        call('POST', `/v1/payment_intents/${intentId(secret)}/confirm`, {
          key: key,
          client_secret: secret,
        }).then((b) => (b.error ? { error: b.error } : { paymentIntent: b })),
      handleNextAction: (o) => {
        var secret = o.clientSecret;
        return fetch(
          API +
            '/v1/payment_intents/' +
            intentId(secret) +
            '?key=' +
            encodeURIComponent(key) +
            '&client_secret=' +
            encodeURIComponent(secret),
        )
          .then((r) => r.json())
          .then((pi) => {
            if (pi.error) return { error: pi.error };
            var next = pi.next_action;
            var url = next && (next.redirect_to_url ? next.redirect_to_url.url : next.use_stripe_sdk?.stripe_js);
            if (url) {
              window.location.assign(url);
              return new Promise(() => {});
            }
            return { paymentIntent: pi };
          });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
