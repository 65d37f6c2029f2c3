import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

// The Kubernetes manifests under infra/k8s: every workload probed, bounded, unprivileged, and
// every secret read from a Secret, never written into a manifest.

const K8S = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../k8s');
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY\b|_KEY_ID\b|DATABASE_URL|REDIS_URL|SMTP_URL/;

type PodSpec = { securityContext?: { runAsNonRoot?: boolean; runAsUser?: number }; containers: Container[] };
type Manifest = {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec: {
    template: { spec: PodSpec };
    selector: { matchLabels: Record<string, string> };
    scaleTargetRef?: { kind: string; name: string };
    minReplicas?: number;
  };
};
type Container = {
  name: string;
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  livenessProbe?: { httpGet?: { path: string } };
  readinessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean };
};

function loadManifests(): { file: string; manifest: Manifest }[] {
  return readdirSync(K8S)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(K8S, file), 'utf8')).map((document) => {
        expect(document.errors, file).toEqual([]);
        return { file, manifest: document.toJS() as Manifest };
      }),
    )
    .filter(({ manifest }) => manifest !== null);
}

const manifests = loadManifests();
const byKind = (kind: string) => manifests.filter(({ manifest }) => manifest.kind === kind);
const podSpec = (manifest: Manifest) => manifest.spec.template.spec;

describe('infra/k8s', () => {
  it('lists every manifest file in the kustomization', () => {
    const kustomization = parseAllDocuments(
      readFileSync(path.join(K8S, 'kustomization.yaml'), 'utf8'),
    )[0]!.toJS();
    const files = [...new Set(manifests.map(({ file }) => file))].sort();
    expect([...kustomization.resources].sort()).toEqual(files);
  });

  it('has a Deployment for the gateway and each worker service, and the migrate Job', () => {
    expect(
      byKind('Deployment')
        .map(({ manifest }) => manifest.metadata.name)
        .sort(),
    ).toEqual(['content-generation', 'crawler', 'gateway', 'mailer', 'podcast', 'summarizer']);
    expect(byKind('Job').map(({ manifest }) => manifest.metadata.name)).toEqual(['daily-curated-migrate']);
  });

  it('probes every Deployment on /healthz (liveness) and /readyz (readiness)', () => {
    for (const { manifest } of byKind('Deployment')) {
      for (const container of podSpec(manifest).containers) {
        expect(container.livenessProbe?.httpGet?.path, manifest.metadata.name).toBe('/healthz');
        expect(container.readinessProbe?.httpGet?.path, manifest.metadata.name).toBe('/readyz');
      }
    }
  });

  it('gives every container resource requests and limits for CPU and memory', () => {
    for (const { manifest } of [...byKind('Deployment'), ...byKind('Job')]) {
      for (const container of podSpec(manifest).containers) {
        for (const bound of ['requests', 'limits'] as const) {
          expect(
            Object.keys(container.resources?.[bound] ?? {}).sort(),
            `${manifest.metadata.name} ${bound}`,
          ).toEqual(['cpu', 'memory']);
        }
      }
    }
  });

  it('runs every pod as a non-root user without privilege escalation', () => {
    for (const { manifest } of [...byKind('Deployment'), ...byKind('Job')]) {
      const spec = podSpec(manifest);
      expect(spec.securityContext?.runAsNonRoot, manifest.metadata.name).toBe(true);
      expect(spec.securityContext?.runAsUser, manifest.metadata.name).toBeGreaterThan(0);
      for (const container of spec.containers) {
        expect(container.securityContext?.allowPrivilegeEscalation, manifest.metadata.name).toBe(false);
      }
    }
  });

  it('never writes a secret as a plain value', () => {
    const plain: string[] = [];
    for (const { manifest } of [...byKind('Deployment'), ...byKind('Job')]) {
      for (const container of podSpec(manifest).containers) {
        for (const variable of container.env ?? []) {
          if (SECRET_NAME.test(variable.name) && variable.value !== undefined) {
            plain.push(`${manifest.metadata.name}: ${variable.name}`);
          }
        }
      }
    }
    for (const { manifest } of byKind('ConfigMap')) {
      plain.push(...Object.keys(manifest.data ?? {}).filter((key) => SECRET_NAME.test(key)));
    }
    expect(plain).toEqual([]);
    expect(byKind('Secret')).toEqual([]);
  });

  it('keeps the gateway available through disruptions and scales it on load', () => {
    const [budget] = byKind('PodDisruptionBudget');
    expect(budget?.manifest.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'gateway' });
    const [autoscaler] = byKind('HorizontalPodAutoscaler');
    expect(autoscaler?.manifest.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'gateway' });
    expect(autoscaler?.manifest.spec.minReplicas).toBeGreaterThanOrEqual(2);
  });
});
