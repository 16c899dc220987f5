import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { OneLine } from '../../components/bidi';
import { Phone } from '../../components/phone';
import { imageUrl } from '../../lib/api';

export function ProfileHeader({
  name,
  mobile,
  logo,
  extra,
}: {
  name: string;
  mobile: string;
  logo?: string | null;
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group wrap="nowrap" align="center">
        <Avatar
          src={imageUrl(logo)}
          alt=""
          size={56}
          radius="xl"
          color="teal"
          imageProps={{ width: 56, height: 56, decoding: 'async' }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <OneLine fw={700} size="lg">
            {name}
          </OneLine>
          <Text c="dimmed" size="sm">
            <Phone value={mobile} />
          </Text>
          {extra}
        </Stack>
      </Group>
    </Paper>
  );
}
