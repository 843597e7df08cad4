/*
 * A fake Accept.js for the end-to-end tests, served in place of https://jstest.authorize.net/v1/Accept.js
 * (Playwright fulfils that route). Like the real one it takes the card and the public authData in
 * Accept.dispatchData and calls back with opaqueData { dataDescriptor, dataValue } or messages
 * { resultCode: 'Error', message: [{ code, text }] }. Its opaque value carries only the card's last
 * 4 digits (the stand-in's test card choice, server/testing/authorize-net-stand-in.ts) and a nonce:
 * the card number itself never leaves this script. each call's authData is recorded in sessionStorage `__acceptCalls` (the success page that follows is a new document).
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
    return sum % 10 === 0;
  }
  function error(code, text) {
    return { messages: { resultCode: 'Error', message: [{ code: code, text: text }] } };
  }
  function nonce() {
    var a = new Uint8Array(6);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');
  }
  window.Accept = {
    dispatchData: (secureData, callback) => {
      var auth = secureData?.authData || {};
      var card = secureData?.cardData || {};
      var calls = JSON.parse(sessionStorage.getItem('__acceptCalls') || '[]');
      calls.push({ authData: { clientKey: auth.clientKey, apiLoginID: auth.apiLoginID } });
      sessionStorage.setItem('__acceptCalls', JSON.stringify(calls));
      var n = digits(card.cardNumber);
      var answer;
      if (!auth.clientKey) answer = error('E_WC_18', 'Client Key is required.');
      else if (!auth.apiLoginID) answer = error('E_WC_10', 'Please provide valid apiLoginID.');
      else if (n.length < 13 || n.length > 16 || !luhn(n))
        answer = error('E_WC_05', 'Please provide valid credit card number.');
      else if (!/^(0[1-9]|1[0-2])$/.test(String(card.month)))
        answer = error('E_WC_06', 'Please provide valid expiration month.');
      else if (!/^\d{2}(\d{2})?$/.test(String(card.year)))
        answer = error('E_WC_07', 'Please provide valid expiration year.');
      else if (!/^\d{3,4}$/.test(String(card.cardCode))) answer = error('E_WC_15', 'Please provide valid CVV.');
      else
        answer = {
          opaqueData: {
            dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
            dataValue: `FAKEACCEPT.${n.slice(-4)}.${nonce()}`,
          },
          messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
        };
      setTimeout(() => {
        callback(answer);
      }, 10);
    },
  };
})();
