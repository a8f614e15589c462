// A job application: the CV goes in a file field, a cover letter is dropped on a drop zone, and
// Send application posts both (read in the page, as single-page uploaders do). The server keeps
// what arrived, byte for byte, so a test can compare it with the file it attached.
import { createHash } from 'node:crypto';
import { html } from '../../lib/html.mjs';
import { sitePage } from '../common.mjs';
import { eventsOf } from '../../store.mjs';

const ROLES = ['Data analyst', 'Support engineer', 'Product designer', 'Staff accountant'];

const script = (submitPath) => `(function () {
  var form = document.getElementById('apply');
  var drop = document.getElementById('letter-drop');
  var letter = null;
  drop.addEventListener('dragover', function (e) { e.preventDefault(); });
  drop.addEventListener('drop', function (e) {
    e.preventDefault();
    letter = e.dataTransfer && e.dataTransfer.files[0] || null;
    document.getElementById('letter-name').textContent = letter ? 'Cover letter: ' + letter.name : 'No cover letter yet';
  });
  function read(file) {
    return new Promise(function (resolve) {
      if (!file) return resolve(null);
      var r = new FileReader();
      r.onload = function () { resolve({ name: file.name, type: file.type, data: String(r.result).split(',')[1] || '' }); };
      r.readAsDataURL(file);
    });
  }
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var cv = document.getElementById('cv').files[0] || null;
    Promise.all([read(cv), read(letter)]).then(function (files) {
      var body = new URLSearchParams({ scenario: window.Arena.scenario, name: document.getElementById('applicant').value });
      if (files[0]) { body.set('cv_name', files[0].name); body.set('cv_data', files[0].data); }
      if (files[1]) { body.set('letter_name', files[1].name); body.set('letter_data', files[1].data); }
      return fetch('${submitPath}', { method: 'POST', body: body });
    }).then(function (r) { return r.json(); }).then(function (r) {
      document.getElementById('status').textContent = r.message;
    });
  });
})();`;

const fileOf = (name, data) => {
  if (!name) return null;
  const bytes = Buffer.from(data ?? '', 'base64');
  return { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
};

export default {
  name: 'upload-file',
  description: 'Apply for a job: attach a CV to a file field and drop a cover letter on a drop zone, then send.',
  generate(rng) {
    const role = rng.pick(ROLES);
    return { text: `Apply for the ${role} job as Ann Lee with my CV and cover letter.`, role };
  },
  routes: {
    'GET /': (ctx) =>
      sitePage(ctx, {
        title: 'Apply',
        brand: 'Lakeside Careers',
        body: html`<h1>Apply: ${ctx.data.role}</h1>
<form id="apply" class="card" aria-label="Application">
<p><label for="applicant">Full name</label><br><input id="applicant" name="applicant" autocomplete="name"></p>
<p><label for="cv">Your CV (PDF or text)</label><br><input id="cv" type="file" accept=".pdf,.txt,application/pdf,text/plain"></p>
<div id="letter-drop" class="card" role="button" tabindex="0" aria-describedby="letter-name" style="border:2px dashed #999;padding:16px;text-align:center">Drop your cover letter here</div>
<p id="letter-name" class="muted">No cover letter yet</p>
<div class="actions"><button type="submit">Send application</button></div>
</form>
<p id="status" role="status"></p>`,
        scripts: [script(ctx.href('/submit'))],
      }),
    'POST /submit': (ctx) => {
      const cv = fileOf(ctx.body.get('cv_name'), ctx.body.get('cv_data'));
      const letter = fileOf(ctx.body.get('letter_name'), ctx.body.get('letter_data'));
      ctx.record('submit', { name: ctx.body.get('name') ?? '', cv, letter });
      ctx.json({ message: cv ? `Application sent with ${cv.name}${letter ? ` and ${letter.name}` : ''}.` : 'Application sent without a CV.' });
    },
    // what arrived, for tests that compare it with the file they attached
    'GET /received': (ctx) => ctx.json(eventsOf(ctx.scenario, 'submit')),
  },
  score(s) {
    const last = eventsOf(s, 'submit').at(-1);
    if (!last) return { success: false, progress: 0, reason: 'the application was never sent' };
    const parts = [last.name.trim().toLowerCase() === 'ann lee', !!last.cv, !!last.letter];
    const progress = parts.filter(Boolean).length / parts.length;
    return { success: progress === 1, progress, reason: `name ${JSON.stringify(last.name)}, CV ${last.cv?.name ?? 'none'}, cover letter ${last.letter?.name ?? 'none'}` };
  },
};
