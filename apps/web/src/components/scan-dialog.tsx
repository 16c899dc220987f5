import type { QrKind } from '@loyalty/contract';
import { Alert, Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, api } from '../lib/api';
import { useSlideIn } from '../lib/deferred';

/** The reader (and its .wasm) loads only when a scan starts, not with every screen. */
const decodeQr = async (source: ImageData | Blob) => (await import('../lib/qr-decode')).decodeQr(source);

/** Where a scanned request opens (the details screens offer Approve while it is open). */
export const scannedRoute = (kind: QrKind, id: number): string =>
  kind === 'offer'
    ? `/request/${id}?scanned=1`
    : kind === 'redeem'
      ? `/redeem/${id}?scanned=1`
      : `/productrequest/${id}?scanned=1`;

/** How often a camera frame is read while the dialog is open. */
const FRAME_MS = 250;

/**
 * The Scan button's dialog (scan-button.tsx), a chunk of its own: it reads a customer's signed code
 * from the camera (getUserMedia; BarcodeDetector or the bundled zxing-wasm reader), from a picked
 * picture, or typed in; the server checks it (`qr/scan`) and the app opens that request. A refusal
 * (forged, expired, another merchant or branch, already used) shows the server's message.
 */
export function ScanModal({
  opened,
  openedAtStart,
  onClose,
}: {
  opened: boolean;
  openedAtStart: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={useSlideIn(opened, openedAtStart)} onClose={onClose} title={t('scan.title')} centered>
      {opened && <ScanDialog onDone={onClose} />}
    </Modal>
  );
}

type CameraState = 'starting' | 'on' | 'unavailable';

function ScanDialog({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [typed, setTyped] = useState('');
  const busy = useRef(false);
  /**
   * The codes the server refused while the dialog is open: the camera does not send them again while
   * they stay in view (a typed code's refusal must not bring back the camera's, whose message would
   * replace the typed one's).
   */
  const refused = useRef(new Set<string>());
  /** A typed or picked code sent while the camera's was being checked: sent when that check ends. */
  const waiting = useRef<string | null>(null);

  const submit = useCallback(
    async (code: string): Promise<void> => {
      if (busy.current) {
        waiting.current = code;
        return;
      }
      busy.current = true;
      setChecking(true);
      setError(null);
      try {
        const found = await api.callAs('qr/scan', { code });
        waiting.current = null;
        onDone();
        navigate(scannedRoute(found.kind, found.id));
      } catch (e) {
        if (e instanceof ApiError && e.status > 0) refused.current.add(code);
        setError(e instanceof ApiError ? e.message : t('scan.failed'));
      } finally {
        busy.current = false;
        setChecking(false);
      }
      const next = waiting.current;
      waiting.current = null;
      if (next) await submit(next);
    },
    [navigate, onDone, t],
  );

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');

    const readFrame = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (!busy.current && v.readyState >= 2 && v.videoWidth > 0) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (ctx) {
          ctx.drawImage(v, 0, 0);
          try {
            const code = await decodeQr(ctx.getImageData(0, 0, canvas.width, canvas.height));
            if (code && !refused.current.has(code) && !stopped) await submit(code);
          } catch {
            // an unreadable frame: try the next one
          }
        }
      }
      if (!stopped) timer = setTimeout(readFrame, FRAME_MS);
    };

    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped) return;
        const v = video.current;
        if (v) {
          v.srcObject = stream;
          await v.play().catch(() => undefined);
        }
        setCamera('on');
        timer = setTimeout(readFrame, FRAME_MS);
      } catch {
        if (!stopped) setCamera('unavailable');
      }
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [submit]);

  const fromPicture = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const code = await decodeQr(file).catch(() => null);
    if (code) await submit(code);
    else setError(t('scan.noCodeInPicture'));
  };

  return (
    <Stack gap="sm">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('scan.cameraLabel')}
        data-testid="scan-video"
        style={{ width: '100%', borderRadius: 8, background: '#111', display: camera === 'on' ? 'block' : 'none' }}
      />
      {camera === 'starting' && (
        <Text size="sm" c="dimmed">
          {t('scan.starting')}
        </Text>
      )}
      {camera === 'on' && (
        <Text size="sm" c="dimmed" data-testid="scan-hint">
          <IconCamera size={14} aria-hidden /> {t('scan.hint')}
        </Text>
      )}
      {camera === 'unavailable' && (
        <Alert color="yellow" data-testid="scan-no-camera">
          {t('scan.noCamera')}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="scan-error">
          {error}
        </Alert>
      )}
      <FileButton onChange={fromPicture} accept="image/*">
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconPhoto size={16} aria-hidden />}
            data-testid="scan-picture"
          >
            {t('scan.picture')}
          </Button>
        )}
      </FileButton>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) void submit(typed.trim());
        }}
      >
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            flex={1}
            label={t('scan.typeLabel')}
            dir="ltr"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            data-testid="scan-typed"
          />
          <Button type="submit" variant="outline" loading={checking}>
            {t('scan.check')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
