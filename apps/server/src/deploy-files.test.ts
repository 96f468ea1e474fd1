import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imageHealthcheck } from '../test/process';
import { deployDir, nginxBinary } from '../test/scale/cluster';

// The deploy/ files as the tools that read them see them: nginx -t on the production site
// (with a throwaway certificate), systemd-analyze on the unit, and the Dockerfile's promises.
// The scale test runs the nginx upstream and locations for real; npm run test:image builds
// and starts what the Dockerfile describes.

const read = (file: string) => readFileSync(path.join(deployDir, file), 'utf8');
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('deploy/nginx/portal.conf', () => {
  // nginx -t parses and loads the certificate; it binds no port.
  it('is a configuration Debian nginx accepts, TLS server included', () => {
    const nginx = nginxBinary();
    const openssl = spawnSync('openssl', ['version']).status === 0;
    if (!nginx || !openssl) {
      process.stdout.write(
        `nginx -t NOT RUN: ${nginx ? 'no openssl' : 'no nginx'} on this machine\n`,
      );
      return;
    }
    const made = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
      ...['-keyout', path.join(work, 'key.pem'), '-out', path.join(work, 'cert.pem')],
      ...['-days', '1', '-subj', '/CN=portal.test'],
    ]);
    expect(made.status).toBe(0);
    const site = read('nginx/portal.conf')
      .replace(/ssl_certificate \S+;/, `ssl_certificate ${work}/cert.pem;`)
      .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${work}/key.pem;`)
      .replace(
        'include snippets/portal-locations.conf;',
        `include ${deployDir}/nginx/portal-locations.conf;`,
      );
    writeFileSync(path.join(work, 'site.conf'), site);
    writeFileSync(
      path.join(work, 'nginx.conf'),
      `pid ${work}/nginx.pid; error_log ${work}/error.log; events {}\n` +
        `http { access_log off; client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy;\n` +
        `include ${work}/site.conf; }\n`,
    );
    const checked = spawnSync(nginx, ['-t', '-c', path.join(work, 'nginx.conf'), '-p', work], {
      encoding: 'utf8',
    });
    expect(checked.stderr).toContain('test is successful');
  });

  it('balances over the instances with passive checks, retries only what is safe, and keeps /metrics in', () => {
    const site = read('nginx/portal.conf');
    const locations = read('nginx/portal-locations.conf');
    expect(
      site.match(/^\s+server 127\.0\.0\.1:\d+ max_fails=\d+ fail_timeout=\d+s;$/gm),
    ).toHaveLength(3);
    // No upstream keep-alive: a POST sent on a connection an instance closes would fail.
    expect(site).not.toMatch(/^\s*keepalive\s/m);
    expect(locations).toMatch(/^proxy_next_upstream error timeout http_502 http_503 http_504;$/m);
    expect(locations).not.toContain('non_idempotent');
    expect(locations).toMatch(/location = \/metrics \{\s+return 404;/);
  });
});

describe('deploy/systemd/portal@.service', () => {
  it('runs node on the compiled server, drains on SIGTERM, and systemd finds nothing wrong', () => {
    const unit = read('systemd/portal@.service');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node .*apps\/server\/dist\/main\.js$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    const stop = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    expect(stop).toBeGreaterThan(10);
    if (!existsSync('/usr/bin/systemd-analyze')) {
      process.stdout.write('systemd-analyze verify NOT RUN: no systemd-analyze on this machine\n');
      return;
    }
    writeFileSync(path.join(work, 'portal@.service'), unit);
    const verified = spawnSync(
      '/usr/bin/systemd-analyze',
      ['verify', '--man=no', path.join(work, 'portal@3001.service')],
      { encoding: 'utf8' },
    );
    // It warns on stderr (unknown keys, bad values) and still exits 0.
    expect(verified.stderr.trim()).toBe('');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  // No Docker daemon here or in CI: the build stage's script is what npm run test:release
  // builds and starts, and main-operations.int.test.ts runs the HEALTHCHECK command.
  it('builds with scripts/release.mjs and runs Node 24 on the release as a user that is not root', () => {
    expect(stages).toHaveLength(2);
    expect(stages.every((stage) => stage.startsWith('node:24-'))).toBe(true);
    expect(stages[0]).toMatch(/^RUN npm ci .*&& node scripts\/release\.mjs build \/release$/m);
    const runtime = stages[1] ?? '';
    expect(runtime).toMatch(/^COPY --from=build \/release \/app$/m);
    expect(runtime.match(/^COPY /gm)).toHaveLength(1);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(runtime).toMatch(
      /^CMD \["node", "--enable-source-maps", "apps\/server\/dist\/main\.js"\]$/m,
    );
    expect(imageHealthcheck().join(' ')).toContain('/livez');
  });
});
