import { Image, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Pixel size of the square QR image. */
const DEFAULT_SIZE = 176;

/**
 * A QR code of `value`, drawn dark-on-white whatever the theme so every phone camera reads it.
 * The encoder is loaded only when a code is first shown.
 */
export function QrCode({
  value,
  label,
  size = DEFAULT_SIZE,
}: {
  value: string;
  /** What the code opens, for screen readers (e.g. "QR code of the share link"). */
  label: string;
  size?: number;
}) {
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    let cancelled = false;
    void import('qrcode')
      .then((qr) => qr.toDataURL(value, { width: size * 2, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (!cancelled) setDataUrl(url);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [value, size]);
  if (!dataUrl) return <Skeleton w={size} h={size} radius="sm" aria-label={label} />;
  return <Image src={dataUrl} alt={label} w={size} h={size} radius="sm" bg="white" />;
}
