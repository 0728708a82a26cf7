// Our chat page's script (docs/member-app.md "在线客服"): a file of its own, as the page's policy runs no inline script.
(function () {
  'use strict';
  // The app keeps the member's token for the tab (apps/web/src/shared/session/storage.ts); this page shares it.
  var token = sessionStorage.getItem('token');
  // A visitor is known by a random device id kept in this browser (docs/member-app.md "在线客服"): it is the only key
  // to their conversation, so it is long and random, never derived from anything about them.
  var device = token ? '' : visitorDevice();
  var api = function (name) {
    return device ? '/api/support/visitor/' + name : '/api/support/' + name;
  };

  function visitorDevice() {
    var key = 'support.device';
    var id = '';
    try {
      id = localStorage.getItem(key) || '';
    } catch {
      id = '';
    }
    if (!/^[A-Za-z0-9_-]{32,64}$/.test(id)) {
      var bytes = new Uint8Array(24);
      crypto.getRandomValues(bytes);
      id = Array.prototype.map
        .call(bytes, function (b) {
          return ('0' + b.toString(16)).slice(-2);
        })
        .join('');
      try {
        localStorage.setItem(key, id);
      } catch {
        // Private browsing without storage: the id lasts as long as the page.
      }
    }
    return id;
  }
  var $ = function (id) {
    return document.getElementById(id);
  };
  var log = $('log');
  var conversation = null;
  var lastId = 0;
  var shown = {};
  var socket = null;
  var pollTimer = null;
  var rating = 0;

  function post(path, body) {
    var headers = { 'content-type': 'application/json' };
    if (device) body = Object.assign({ device: device }, body || {});
    else headers.authorization = 'Bearer ' + token;
    return fetch(path, {
      method: 'POST',
      headers: headers,
      body: JSON.stringify(body || {}),
    })
      .then(function (res) {
        return res.json();
      })
      .then(function (answer) {
        if (answer.code === 401) showLogin();
        if (answer.code !== 200) throw new Error(answer.message || '服务器异常，请稍后再试');
        return answer.data;
      });
  }

  function notice(text) {
    $('notice').textContent = text || '';
  }

  function state(text) {
    $('state').textContent = text;
  }

  function showLogin() {
    $('composer').hidden = true;
    $('rate').hidden = true;
    $('end').hidden = true;
    $('login').hidden = false;
    state('未登录');
  }

  // 客服正在输入…: shown for a while after the desk's typing push, gone when its line arrives or the conversation
  // ends (docs/operators.md "The support desk").
  var typingTimer = null;
  function typing(on) {
    if (typingTimer) clearTimeout(typingTimer);
    typingTimer = on ? setTimeout(typing, 4000, false) : null;
    $('typing').textContent = on ? '客服正在输入…' : '';
  }

  function add(message) {
    if (shown[message.id]) return;
    shown[message.id] = true;
    if (message.sender === 'operator') typing(false);
    if (message.id > lastId) lastId = message.id;
    var item = document.createElement('li');
    item.className = message.sender === 'operator' ? 'operator' : message.sender === 'system' ? 'system' : 'member';
    var who = message.sender === 'operator' ? '客服' : message.sender === 'system' ? '' : '我';
    if (who) {
      var meta = document.createElement('span');
      meta.className = 'meta';
      meta.textContent = who + ' ' + message.created_at.slice(11, 16);
      item.appendChild(meta);
    }
    var bubble = document.createElement('span');
    bubble.className = 'bubble';
    // An image is always one of our uploads (the server refuses any other address); it opens full size.
    if (message.image) {
      var link = document.createElement('a');
      link.href = message.image;
      link.target = '_blank';
      link.rel = 'noopener';
      var img = document.createElement('img');
      img.src = message.image;
      img.alt = who === '我' ? '我发送的图片' : '客服发送的图片';
      link.appendChild(img);
      bubble.appendChild(link);
    }
    if (message.text) {
      var words = document.createElement('span');
      words.textContent = message.text;
      bubble.appendChild(words);
    }
    item.appendChild(bubble);
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }

  function showConversation(c) {
    conversation = c;
    var open = c.state === 'open';
    // Nobody types into an ended conversation.
    if (!open) typing(false);
    // After the end a new line opens a new conversation, so the composer stays.
    $('composer').hidden = false;
    $('end').hidden = !open;
    $('rate').hidden = open || c.rating !== null;
    state(open ? (c.claimed ? '客服已接入' : '等待客服接入…') : '会话已结束，发送消息可重新发起咨询');
  }

  function readAfter() {
    if (!conversation) return Promise.resolve();
    return post(api('messages'), { conversation_id: conversation.id, after_id: lastId }).then(function (list) {
      list.forEach(add);
    });
  }

  function startPolling() {
    if (pollTimer) return;
    pollTimer = setInterval(function () {
      readAfter().catch(function () {});
    }, 5000);
  }

  function connect() {
    if (!('WebSocket' in window)) return startPolling();
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    var who = device ? 'device=' + encodeURIComponent(device) : 'token=' + encodeURIComponent(token);
    socket = new WebSocket(scheme + location.host + '/api/support/socket?' + who);
    socket.onmessage = function (event) {
      var push = JSON.parse(event.data);
      if (push.type === 'ready') {
        if (pollTimer) clearInterval(pollTimer);
        pollTimer = null;
        readAfter().catch(function () {});
      } else if (push.type === 'message' && conversation && push.message.conversation_id === conversation.id) {
        add(push.message);
      } else if (push.type === 'typing' && conversation && push.conversation_id === conversation.id) {
        typing(true);
      } else if (push.type === 'conversation' && conversation && push.conversation_id === conversation.id) {
        showConversation(Object.assign({}, conversation, { state: push.state, claimed: push.claimed }));
      }
    };
    socket.onclose = function (event) {
      socket = null;
      if (event.code === 4401) return showLogin();
      startPolling();
      setTimeout(connect, 10000);
    };
  }

  function open() {
    return post(api('open')).then(function (thread) {
      log.textContent = '';
      shown = {};
      lastId = 0;
      showConversation(thread.conversation);
      thread.messages.forEach(add);
      $('text').focus();
    });
  }

  // A line sent, text or picture: shown in its conversation (or, when the desk closed that one meanwhile, the
  // conversation opened again), or why it was not; then the button that sent it takes clicks again.
  function showSent(sending, button) {
    sending
      .then(function (message) {
        notice('');
        if (!conversation || message.conversation_id !== conversation.id) return open();
        add(message);
      })
      .catch(function (error) {
        notice(error.message);
      })
      .then(function () {
        $(button).disabled = false;
      });
  }

  $('composer').addEventListener('submit', function (event) {
    event.preventDefault();
    var text = $('text').value.trim();
    if (!text) return notice('请输入消息内容');
    $('send').disabled = true;
    showSent(
      post(api('send'), { text: text }).then(function (message) {
        $('text').value = '';
        return message;
      }),
      'send',
    );
  });
  // A phone's photo is often over the server's 2 MB: a still picture over 1 MB or wider than 1600 px is drawn again
  // as a JPEG of at most 1600 px (a GIF stays as it is, it may move). Anything the browser cannot draw goes as it is,
  // and the server's answer says what is wrong with it.
  var SHRINK_OVER_BYTES = 1024 * 1024;
  var SHRINK_TO_PX = 1600;
  function shrunk(file) {
    if (file.type === 'image/gif' || !window.createImageBitmap) return Promise.resolve(file);
    return createImageBitmap(file)
      .then(function (bitmap) {
        var scale = Math.min(1, SHRINK_TO_PX / Math.max(bitmap.width, bitmap.height));
        if (scale === 1 && file.size <= SHRINK_OVER_BYTES) return file;
        var canvas = document.createElement('canvas');
        canvas.width = Math.round(bitmap.width * scale);
        canvas.height = Math.round(bitmap.height * scale);
        canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        return new Promise(function (resolve) {
          canvas.toBlob(
            function (blob) {
              resolve(blob ? new File([blob], 'photo.jpg', { type: 'image/jpeg' }) : file);
            },
            'image/jpeg',
            0.85,
          );
        });
      })
      .catch(function () {
        return file;
      });
  }
  // A picture: uploaded first (POST /api/support/upload), then sent as a line naming the address it answered.
  $('pick').addEventListener('click', function () {
    $('picture').click();
  });
  $('picture').addEventListener('change', function () {
    var file = $('picture').files[0];
    $('picture').value = '';
    if (!file) return;
    $('pick').disabled = true;
    notice('图片发送中…');
    var sending = shrunk(file)
      .then(function (picture) {
        var form = new FormData();
        form.append('file', picture, picture.name || file.name);
        return fetch('/api/support/upload', {
          method: 'POST',
          headers: { authorization: 'Bearer ' + token },
          body: form,
        });
      })
      .then(function (res) {
        return res.json();
      })
      .then(function (answer) {
        if (answer.code === 401) showLogin();
        if (answer.code !== 200) throw new Error(answer.message || '服务器异常，请稍后再试');
        return post('/api/support/send', { text: '', image: answer.data.image });
      });
    showSent(sending, 'pick');
  });
  $('text').addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      $('composer').requestSubmit();
    }
  });
  $('end').addEventListener('click', function () {
    if (!conversation || !confirm('确定要结束本次会话吗？')) return;
    post(api('close'), { conversation_id: conversation.id })
      .then(function (c) {
        showConversation(c);
        return readAfter();
      })
      .catch(function (error) {
        notice(error.message);
      });
  });

  var stars = document.querySelector('.stars');
  [1, 2, 3, 4, 5].forEach(function (n) {
    var star = document.createElement('button');
    star.type = 'button';
    star.textContent = '★';
    star.setAttribute('aria-label', n + '星');
    star.setAttribute('aria-pressed', 'false');
    star.addEventListener('click', function () {
      rating = n;
      stars.querySelectorAll('button').forEach(function (b, i) {
        b.setAttribute('aria-pressed', String(i < n));
      });
    });
    stars.appendChild(star);
  });
  $('rate-send').addEventListener('click', function () {
    if (!rating) return notice('请选择1-5星评价');
    post(api('rate'), { conversation_id: conversation.id, rating: rating, note: $('rate-note').value })
      .then(function (c) {
        notice('感谢您的评价');
        showConversation(c);
      })
      .catch(function (error) {
        notice(error.message);
      });
  });

  // A visitor writes and reads replies; money questions need the member's records, so the page says to sign in.
  if (device) {
    $('visitor').hidden = false;
    $('pick').hidden = true;
  }
  open()
    .then(connect)
    .catch(function (error) {
      notice(error.message);
      startPolling();
    });
})();
